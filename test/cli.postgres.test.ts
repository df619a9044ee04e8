/** The `jornada` CLI on PostgreSQL (see helpers/cli-suite); skipped, and said so, without TEST_DATABASE_URL. */
import { describeCliOn } from './helpers/cli-suite.js'

describeCliOn('postgres')
