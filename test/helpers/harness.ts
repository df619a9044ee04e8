/**
 * Runs a test body once per database engine: SQLite (a fresh file per test file) always, and
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh schema per test file, dropped afterwards).
 * Each test creates its own tenant, so tests never share data.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe } from 'node:test'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp, type AppOptions } from '../../src/app.js'
import { migrateToLatest, openDatabase, type DatabaseHandle, type Engine } from '../../src/db/database.js'
import { SCOPES } from '../../src/auth/scopes.js'
import { lowerPasswordHashingCostForTests } from '../../src/lib/secrets.js'
import { createKey } from '../../src/modules/keys/keys.service.js'
import { createTenant } from '../../src/modules/onboarding/onboarding.service.js'

// Real scrypt, at a work factor a suite that signs in thousands of times can afford (the service's
// own, N = 2^17, takes about a third of a second and 128 MiB per hash; test/unit/secrets.test.ts
// checks that default).
lowerPasswordHashingCostForTests(2 ** 12)

export const PG_URL = process.env.TEST_DATABASE_URL || null

export interface EngineTarget {
  engine: Engine
  /** A connection URL for a brand-new, empty database of this engine. */
  freshDatabase(): Promise<{ url: string; options: { pgSchema?: string }; cleanup(): Promise<void> }>
}

export const ENGINES: EngineTarget[] = [
  {
    engine: 'sqlite',
    async freshDatabase() {
      const dir = mkdtempSync(join(tmpdir(), 'jornada-test-'))
      return {
        url: `sqlite:${join(dir, 'test.db')}`,
        options: {},
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
  },
  {
    engine: 'postgres',
    async freshDatabase() {
      const schema = `jt_${process.pid}_${randomBytes(4).toString('hex')}`
      return {
        url: PG_URL!,
        options: { pgSchema: schema },
        cleanup: async () => {
          const client = new pg.Client({ connectionString: PG_URL! })
          await client.connect()
          await client.query(`drop schema if exists ${schema} cascade`)
          await client.end()
        },
      }
    },
  },
]

export interface Response<T = any> {
  status: number
  body: T
  headers: LightMyRequestResponse['headers']
}

export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly key: string | null,
  ) {}

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
    const text = res.body
    let parsed: unknown = text
    if ((res.headers['content-type'] ?? '').toString().includes('json') && text.length > 0) parsed = JSON.parse(text)
    return { status: res.statusCode, body: parsed as T, headers: res.headers }
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url)
  }
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body)
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body)
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url)
  }
}

export interface TestTenant {
  id: string
  adminId: string
  adminKey: string
  admin: Client
  /** A personal key of `userId` (one they created themselves) with the given scopes (all by default). */
  keyFor(userId: string, scopes?: readonly string[]): Promise<Client>
  /** Creates an active user through the API and returns its full form. */
  createUser(fields?: Record<string, unknown>): Promise<any>
}

export interface TestContext {
  engine: Engine
  app: FastifyInstance
  database: DatabaseHandle
  client(key: string | null): Client
  newTenant(options?: { timezone?: string; country?: string; region?: string }): Promise<TestTenant>
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.com`
}

/**
 * Shedding is tested on its own (test/api/load.test.ts): elsewhere a test must not get a 503
 * because the machine running the suite is busy. Every app a test builds takes this.
 */
export const NO_SHEDDING = { maxLagMs: 60_000 } as const

export interface HarnessOptions {
  app?: Partial<Omit<AppOptions, 'db'>>
}

/**
 * `describe` once per engine with a ready app. The PostgreSQL half is skipped, and says so, when
 * TEST_DATABASE_URL is not set.
 */
export function forEachEngine(title: string, body: (t: TestContext) => void, options: HarnessOptions = {}): void {
  for (const target of ENGINES) {
    const skip =
      target.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false
    describe(`${title} [${target.engine}]`, { skip }, () => {
      const ctx = { engine: target.engine } as TestContext
      let cleanup: () => Promise<void> = async () => {}
      before(async () => {
        const fresh = await target.freshDatabase()
        cleanup = fresh.cleanup
        ctx.database = await openDatabase(fresh.url, fresh.options)
        await migrateToLatest(ctx.database)
        ctx.app = await buildApp({
          db: ctx.database.db,
          rateLimitPerMinute: 100_000,
          ...options.app,
          load: { ...NO_SHEDDING, poolStats: ctx.database.poolStats, ...options.app?.load },
        })
        ctx.client = (key) => new Client(ctx.app, key)
        ctx.newTenant = (tenantOptions = {}) => newTenant(ctx, tenantOptions)
      })
      after(async () => {
        await ctx.app?.close()
        await ctx.database?.destroy()
        await cleanup()
      })
      body(ctx)
    })
  }
}

async function newTenant(
  ctx: TestContext,
  options: { timezone?: string; country?: string; region?: string },
): Promise<TestTenant> {
  const created = await createTenant(
    { db: ctx.database.db, now: Date.now() },
    {
      name: `Tenant ${randomBytes(3).toString('hex')}`,
      admin_email: uniqueEmail('admin'),
      admin_name: 'Admin User',
      ...options,
    },
  )
  const admin = ctx.client(created.api_key)
  return {
    id: created.tenant.id,
    adminId: created.admin_user.id,
    adminKey: created.api_key,
    admin,
    async keyFor(userId, scopes = SCOPES) {
      const { apiKey } = await createKey(
        { db: ctx.database.db, now: Date.now() },
        // The person's own key: it may clock in and sign as them
        // (docs/decisions/0016-accounts-and-sign-in.md).
        { tenantId: created.tenant.id, actsAsUserId: userId, scopes, createdByUserId: userId },
      )
      return ctx.client(apiKey)
    },
    async createUser(fields = {}) {
      const res = await admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'Test Employee', ...fields })
      if (res.status !== 201) throw new Error(`createUser failed: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body.data
    },
  }
}

/** Asserts the contract's error format and returns the error object. */
export function expectError(
  res: Response,
  status: number,
  code?: string,
): { code: string; message: string; details?: { field: string; message: string; value?: string }[] } {
  if (res.status !== status || (code && res.body?.error?.code !== code)) {
    throw new Error(`expected ${status}${code ? ` ${code}` : ''}, got ${res.status} ${JSON.stringify(res.body)}`)
  }
  const error = res.body.error
  if (typeof error?.code !== 'string' || typeof error?.message !== 'string')
    throw new Error(`not an error body: ${JSON.stringify(res.body)}`)
  return error
}
