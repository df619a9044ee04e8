/** The projects module's front door: what other parts of the service may use of it. */
export { findProject } from './projects.repository.js'
export { projectsApi } from './projects.routes.js'
