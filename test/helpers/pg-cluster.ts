/**
 * A PostgreSQL primary and a streaming standby of the test's own
 * (docs/decisions/0021-failover-and-read-replicas.md), started from Debian's server binaries
 * (`pg_config --bindir`) on free loopback ports in a temporary directory, as the `postgres` user
 * (initdb refuses root). The machine's own cluster is never touched. Replication is synchronous
 * (`synchronous_standby_names`, `synchronous_commit = on`): a commit is acknowledged once the
 * standby has it, so promoting the standby loses no acknowledged write.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './webhook-receiver.js'

function bindir(): string | null {
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const dir = found.status === 0 ? found.stdout.trim() : null
  return dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_basebackup')) ? dir : null
}

const BIN = bindir()
const POSTGRES_USER = spawnSync('id', ['-u', 'postgres']).status === 0

/** Why these tests cannot run here, or null when they can. */
export const NO_CLUSTER: string | false = !BIN
  ? 'PostgreSQL server binaries (initdb, pg_basebackup) not found: apt-get install postgresql'
  : !POSTGRES_USER
    ? 'no postgres user to run the servers as'
    : process.getuid?.() !== 0
      ? 'the test starts servers as the postgres user, which needs root (runuser)'
      : false

function asPostgres(command: string, args: string[]): void {
  // No pipes: a server pg_ctl starts would hold them open, and the call would never return.
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN!, command), ...args], { stdio: 'ignore' })
}

export interface Cluster {
  primaryPort: number
  standbyPort: number
  /** A multi-host URL naming both, as an operator would write it. */
  url: string
  /** One server's URL. */
  urlOf(port: number): string
  /** Kills the primary's postmaster with SIGKILL: no shutdown, no goodbye to the clients. */
  killPrimary(): void
  /** Promotes the standby and waits until it takes writes. */
  promoteStandby(): void
  /** Makes replication asynchronous: the primary no longer waits for the standby. */
  makeAsynchronous(): Promise<void>
  /** Makes replication asynchronous, then stops the standby. */
  stopStandby(): Promise<void>
  stop(): Promise<void>
}

const SETTINGS = (port: number, dir: string) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = 100
wal_level = replica
max_wal_senders = 5
hot_standby = on
synchronous_commit = on
fsync = off
full_page_writes = off
`

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-failover-'))
  chownSync(
    dir,
    Number(execFileSync('id', ['-u', 'postgres']).toString()),
    Number(execFileSync('id', ['-g', 'postgres']).toString()),
  )
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const primary = join(dir, 'primary')
  const standby = join(dir, 'standby')
  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync'])
  appendFileSync(primary + '/postgresql.conf', SETTINGS(primaryPort, dir))
  appendFileSync(
    primary + '/pg_hba.conf',
    '\nhost replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n',
  )
  asPostgres('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start'])
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` })
  await admin.connect()
  await admin.query('create database jornada')
  await admin.end()
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standby,
    '-R',
    '-X',
    'stream',
    // A checkpoint now, not spread over minutes.
    '--checkpoint=fast',
  ])
  appendFileSync(
    standby + '/postgresql.auto.conf',
    `\nport = ${standbyPort}\nprimary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'\n`,
  )
  appendFileSync(standby + '/postgresql.conf', `\nport = ${standbyPort}\n`)
  asPostgres('pg_ctl', ['-D', standby, '-l', join(dir, 'standby.log'), '-w', 'start'])
  // Synchronous from now on (earlier, with no standby yet, every commit would wait forever).
  const watch = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` })
  await watch.connect()
  await watch.query("alter system set synchronous_standby_names = 'standby'")
  await watch.query('select pg_reload_conf()')
  for (let i = 0; ; i++) {
    const { rows } = await watch.query("select sync_state from pg_stat_replication where application_name = 'standby'")
    if (rows[0]?.sync_state === 'sync') break
    if (i > 200) throw new Error('the standby did not start streaming')
    await new Promise((r) => setTimeout(r, 50))
  }
  await watch.end()
  const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/jornada`
  const makeAsynchronous = async () => {
    const primaryAdmin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` })
    await primaryAdmin.connect()
    try {
      await primaryAdmin.query("alter system set synchronous_standby_names = ''")
      await primaryAdmin.query('select pg_reload_conf()')
    } finally {
      await primaryAdmin.end()
    }
  }
  return {
    primaryPort,
    standbyPort,
    url: `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/jornada?target_session_attrs=read-write&connect_timeout=2`,
    urlOf,
    killPrimary() {
      const pid = Number(readFileSync(join(primary, 'postmaster.pid'), 'utf8').split('\n')[0])
      process.kill(pid, 'SIGKILL')
    },
    promoteStandby() {
      asPostgres('pg_ctl', ['-D', standby, '-w', 'promote'])
    },
    makeAsynchronous,
    async stopStandby() {
      await makeAsynchronous()
      asPostgres('pg_ctl', ['-D', standby, '-m', 'immediate', '-w', 'stop'])
    },
    async stop() {
      for (const data of [primary, standby])
        spawnSync('runuser', ['-u', 'postgres', '--', join(BIN!, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
      // Backends of the killed primary notice their postmaster is gone and exit on their own.
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
