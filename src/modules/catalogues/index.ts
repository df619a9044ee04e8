/**
 * Catalogues: a company's departments and work centers. This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { cataloguesApi } from './catalogues.routes.js'
export { catalogueItemExists, findCatalogueItem } from './catalogues.repository.js'
export { catalogueRoutes, cataloguesApi } from './catalogues.routes.js'
export { CatalogueName } from './catalogues.schemas.js'
export { DEPARTMENTS, WORK_CENTERS, createCatalogueItem, insertCatalogueRecord } from './catalogues.service.js'
export type { CatalogueDefinition } from './catalogues.service.js'

/** How the module plugs into the application (http/module.ts). */
export const cataloguesModule = defineModule({
  name: 'catalogues',
  documentPosition: 40,
  api: [cataloguesApi],
})
