import { startCluster } from '../test/helpers/pg-cluster.js'
console.log('starting')
const c = await startCluster()
console.log('started', c.url)
await c.stop()
console.log('stopped')
