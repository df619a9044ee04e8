import { performance } from 'node:perf_hooks'
import { openDatabase, migrateToLatest } from '/work/main/src/db/database.js'
import { seedCompany } from '/work/main/bench/company.js'
const url = process.argv[2]!
const handle = await openDatabase(url, url.startsWith('postgres') ? { pgSchema: 'try_seed_' + Date.now() } : {})
await migrateToLatest(handle)
let t = performance.now()
const c = await seedCompany(handle, { employees: 1000, from: '2025-01-01', to: '2025-12-31', zone: 'Europe/Madrid' })
console.log('seed', c.punches, ((performance.now() - t) / 1000).toFixed(1), 's')
await handle.destroy()
