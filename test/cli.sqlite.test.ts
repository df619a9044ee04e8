/** The `jornada` CLI on SQLite, and its configuration errors (see helpers/cli-suite). */
import { describeCliConfiguration, describeCliOn } from './helpers/cli-suite.js'

describeCliOn('sqlite')
describeCliConfiguration()
