/**
 * Projects: the catalogue of projects time is allocated to. This front door is what other parts of
 * the service may use of the module.
 */
export { findProject } from './projects.repository.js'
export { projectsApi } from './projects.routes.js'
