/**
 * Users: employees, their personal data, employment periods, managers and kiosk PINs
 * (docs/decisions/0004-users.md). This front door is what other parts of the service may use of
 * the module.
 */
import { defineModule } from '../../http/module.js'
import { usersApi } from './users.routes.js'
export {
  credentialOriginOf,
  daysEmployedIn,
  isEmployedDuring,
  isEmployedOn,
  kioskPinFromPhone,
  parseEmploymentPeriods,
} from './users.logic.js'
export { userRowToFull, userRowToReduced } from './users.mapper.js'
export {
  findUser,
  findUserByKioskId,
  findUserRow,
  findUserRows,
  markCredentialsCompanyIssued,
  setKioskPin,
} from './users.repository.js'
export { usersApi } from './users.routes.js'
export { UserIdParams } from './users.schemas.js'
export type { UserFullType } from './users.schemas.js'
export { createUser, insertUserRecord, newUserInput, prepareNewUser, updateUser } from './users.service.js'

/** How the module plugs into the application (http/module.ts). */
export const usersModule = defineModule({
  name: 'users',
  dependsOn: ['catalogues', 'events', 'keys', 'schedules', 'sign-off', 'tenants'],
  documentPosition: 30,
  api: [usersApi],
})
