/**
 * Projects: the catalogue of projects time is allocated to. This front door is what other parts of
 * the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { projectsApi } from './projects.routes.js'
export { findProject } from './projects.repository.js'
export { projectsApi } from './projects.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const projectsModule = defineModule({
  name: 'projects',
  documentPosition: 120,
  api: [projectsApi],
})
