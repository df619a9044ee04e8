/**
 * The Jornada API's paths, operations and schemas as TypeScript types.
 * Generated from the OpenAPI document by `npm run docs` (scripts/generate-sdk-types.ts) with
 * openapi-typescript; do not edit by hand.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Public: needs no credential.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers
         * @description Public: needs no credential.
         */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Public: needs no credential.
         */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identify the caller: tenant, enabled scopes, acting user and credential (any valid key or session)
         * @description Any valid credential: an API key or a person’s session.
         */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password: a session cookie and the CSRF token its writes need
         * @description Sets the session cookie, `__Host-jornada_session` over https (`jornada_session` over http; HttpOnly, SameSite=Strict, Secure over https, for `SESSION_MAX_HOURS`, 12 by default, or with `remember: true` for the company’s `remember_device_hours` when it allows it), and `jornada_csrf` (the CSRF token again, readable by the service’s own pages). An unknown email, a wrong password and a disabled user are the same 401 `invalid_credentials`. Ten failures for one email from one address within 15 minutes, or a hundred from one address, are 429 `login_throttled` with `Retry-After` for that pair or address only; failures for an email from many addresses only slow its sign-ins down (at most 3 s), so the right password from an address that has not failed still signs in. An email whose password opens accounts in several companies is 409 `tenant_choice_required`, naming those companies in `details` (`value`: the id to send as `tenant_id`). In a company that signs in with its identity provider only, a right password is 403 `sso_required` for everyone but administrators (their sign-in is audited as `auth.login.break_glass`).
         */
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password-reset link by mail; always 202, whether or not the email has an account
         * @description Each active account with this email (in one company with `tenant_id`) is sent a link valid for one hour, at most three an hour. The answer comes first, before the service even looks for the email: finding the accounts, making the links and queuing the mails happen after it, and the mail is sent with retries until the link expires (administrators see it in `GET /mail-messages`), so the answer and its timing are the same for every email. Without a mail server (`SMTP_URL`) nothing is sent and the request is logged.
         */
        post: operations["auth.password-reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a password with the token of an invitation or a reset link, and sign in
         * @description The token is the `token` of the link’s fragment (`/app/password-reset#token=…` or `/app/invitation#token=…`). It works once: a used, expired or superseded token is 400 `invalid_token`. The password is checked first (at least 8 characters, not a common one, not built on the person’s email or company name, and strong enough for the zxcvbn-ts estimator: 400 saying what to do), so a refused one does not spend the link. Every other session of the person ends and, for a reset, their passkeys are removed; their personal API keys stay, listed in the mail that tells them of the reset (name, beginning, when made and last used) with where to revoke them. Answers and sets the cookie as a sign-in does.
         */
        post: operations["auth.password-reset.complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person to set their password: a one-time link valid 72 hours, by mail
         * @description Administrators only. The link goes by mail (in Spanish or English by the company’s country) when a mail server is configured (`SMTP_URL`): the answer comes at once with `delivery: "mail"`, and the mail is queued with the invitation and sent once it commits, with retries for up to a day; whether it went is in `GET /mail-messages`. Without a mail server the answer carries the link this once (`delivery: "link"`) for the administrator to hand over. A new invitation voids the links sent before. A disabled user is 409 `user_disabled`; one who has chosen a password already is 409 `password_already_set` (an invitation would let whoever holds the link take over the account; they reset it themselves).
         */
        post: operations["users.invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: the session of this request ends, on every instance at once
         * @description Any valid credential: an API key or a person’s session.
         */
        post: operations["auth.logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My open sessions: where and when I signed in, and when each was last used
         * @description Any valid credential: an API key or a person’s session.
         */
        get: operations["auth.sessions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of my sessions (a phone left behind); it stops working at once
         * @description Ending an ended session changes nothing. Another person’s session is 404.
         */
        delete: operations["auth.sessions.end"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey: the options for navigator.credentials.create()
         * @description From the person’s session (403 `personal_credential_required` with a key). A passkey is lasting access, so the session must have signed in within the last 10 minutes, or the body carries `current_password` (403 `recent_sign_in_required`), checked and throttled like a sign-in (a wrong one counts as a failed sign-in; 429 `login_throttled` with `Retry-After` after ten from one address). A discoverable credential (the device keeps who it is for), bound to `PUBLIC_URL`’s host, with the person verified on the device; the passkeys the person has already are excluded. Answer within 5 minutes with `POST /auth/passkeys/registration/verify`. At most 20 passkeys a person.
         */
        post: operations["auth.passkeys.registration-options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish registering a passkey: the new credential, as the browser gives it
         * @description The body is `PublicKeyCredential.toJSON()` of what `navigator.credentials.create()` returned, with an optional `name`. Its challenge must be the one of the options, unused and not expired; origin, relying party, signature and user verification are checked (400 saying what failed). Audited as `auth.passkeys.register`.
         */
        post: operations["auth.passkeys.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My passkeys, oldest first: their names, when made and last used; never key material
         * @description Any valid credential: an API key or a person’s session.
         */
        get: operations["auth.passkeys.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/{passkey_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of my passkeys: it signs nobody in from then on
         * @description Another person’s passkey is 404. Audited as `auth.passkeys.delete`.
         */
        delete: operations["auth.passkeys.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/login/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing in with a passkey: the options for navigator.credentials.get()
         * @description No email: the person chooses one of their passkeys for this host on their device. Answer within 5 minutes with `POST /auth/passkeys/login/verify`.
         */
        post: operations["auth.passkeys.login-options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/login/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey: the assertion, as the browser gives it
         * @description The body is `PublicKeyCredential.toJSON()` of what `navigator.credentials.get()` returned. An unknown or deleted passkey, a bad signature, a counter that went back (a cloned authenticator), a person not verified on the device, a disabled person, and a used or expired challenge are all 401 `invalid_credentials`. Answers and sets the cookie as a password sign-in does (`remember: true` too); audited as `auth.passkeys.login`, the session’s method `passkey`.
         */
        post: operations["auth.passkeys.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change my password; my other sessions end at once
         * @description The current password is checked and throttled like a sign-in (401 `invalid_credentials`, 429 `login_throttled`). The new one must have 8 to 256 characters and not be a commonly used password (400). Outstanding reset links stop working; personal API keys stay, listed in the mail that tells the person of the change, with where to revoke them.
         */
        post: operations["me.password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Ordered by full name (case-insensitive), then id. `detail=full` returns the full form. `email` matches exactly, ignoring case; `q` is a case-insensitive substring of full name or email.
         */
        get: operations["users.list"];
        put?: never;
        /**
         * Create a user (administrators)
         * @description The new user is active and receives the company’s default document folders. `phone` is stored as profile.phone_personal; the digits of `dni` are the kiosk identifier. No kiosk PIN is derived from anything given here: the employee chooses theirs in the app (`PUT /me/kiosk-pin`), or an administrator’s PIN reset mails them a one-time PIN (`POST /users/{user_id}/kiosk-pin/reset`).
         */
        post: operations["users.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user (full form)
         * @description Needs the `users.get` scope: an API key holding it, or a person’s session.
         */
        get: operations["users.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a user (partial)
         * @description Omitted fields keep their value; null clears. Email and status cannot change here. Employment fields (full_name, role, department_id, work_center_id, manager_id, hire_date, vacation_days, works_holidays, remote_work_allowed) need an administrator; personal profile fields the user themselves or an administrator; HR fields (country, company_name, company_cif, ssn, qualifications) and the terms of overtime and complementary hours (overtime_compensation, overtime_comp_expiry, night_worker, complementary_pact_percent, complementary_voluntary_percent) an administrator or an HR member.
         */
        patch: operations["users.update"];
        trace?: never;
    };
    "/api/v1/users/{user_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a user (administrators; idempotent)
         * @description Keys acting as the user stop working at once. The employment period ends today (in the company’s time zone): nothing is expected of the employee after today. The last active administrator cannot be deactivated (409).
         */
        post: operations["users.deactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a disabled user (administrators; idempotent)
         * @description A new employment period begins today (in the company’s time zone).
         */
        post: operations["users.reactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List departments, ordered by name then id
         * @description Needs the `departments.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["departments.list"];
        put?: never;
        /**
         * Create an item of departments (administrators)
         * @description Needs the `departments.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["departments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/departments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an item of departments (scope departments.list)
         * @description Needs the `departments.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["departments.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an item of departments (administrators)
         * @description Needs the `departments.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["departments.update"];
        trace?: never;
    };
    "/api/v1/work-centers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List work centers, ordered by name then id
         * @description Needs the `work-centers.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["work-centers.list"];
        put?: never;
        /**
         * Create an item of work centers (administrators)
         * @description Needs the `work-centers.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["work-centers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/work-centers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an item of work centers (scope work-centers.list)
         * @description Needs the `work-centers.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["work-centers.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an item of work centers (administrators)
         * @description Needs the `work-centers.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["work-centers.update"];
        trace?: never;
    };
    "/api/v1/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List schedules, ordered by name then id
         * @description Needs the `schedules.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["schedules.list"];
        put?: never;
        /**
         * Create an item of schedules (administrators)
         * @description Needs the `schedules.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["schedules.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an item of schedules (scope schedules.list)
         * @description Needs the `schedules.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["schedules.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an item of schedules (administrators)
         * @description Needs the `schedules.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["schedules.update"];
        trace?: never;
    };
    "/api/v1/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Company settings of the key’s tenant
         * @description Needs the `tenant.get` scope: an API key holding it, or a person’s session.
         */
        get: operations["tenant.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change company settings (administrators)
         * @description Partial update. `hr_department_id` names the HR department whose members decide absences and manage HR fields. A new `default_schedule_id` applies from `default_schedule_effective_from` (default today); earlier days keep the default they had. `sso` sets up single sign-on with an OpenID Connect provider whose discovery document must answer (400 naming `sso.oidc_issuer` otherwise); its `client_secret` is write-only.
         */
        patch: operations["tenant.update"];
        trace?: never;
    };
    "/api/v1/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Effective holidays in a date range
         * @description Public holidays of the work center’s country and region (else the company’s), plus company holidays for the whole company or that work center. A company holiday replaces a public one on the same date. Ordered by date.
         */
        get: operations["holidays.list"];
        put?: never;
        /**
         * Add a company holiday (administrators)
         * @description Needs the `holidays.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["holidays.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/holidays/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a company holiday (scope holidays.list); public holidays have no id
         * @description Needs the `holidays.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["holidays.get"];
        put?: never;
        post?: never;
        /**
         * Remove a company holiday (administrators)
         * @description Needs the `holidays.delete` scope: an API key holding it, or a person’s session.
         */
        delete: operations["holidays.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily attendance of one employee
         * @description One entry per calendar day of [from, to] in `tz`, paginated by day. A work session belongs to the local day of its `in`, so a night shift is one day’s work. Breaks are deducted; an open session counts up to now. Only effective punches count: those an approved correction superseded are in the punch log.
         */
        get: operations["attendance.list"];
        put?: never;
        /**
         * Record a punch (administrators)
         * @description Punches are append-only. The sequence is in -> break_start | out, break_start -> break_end, break_end -> break_start | out, out -> in; each punch must be later than the employee’s last one. A session left open never blocks a punch (art. 34.9 ET): an `in` more than the company’s max_session_hours after the open session’s `in` starts a new session, and the session left open stays a `session_too_long` anomaly with the company’s proposed closing correction.
         */
        post: operations["attendance.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clock in or out for oneself, at the server’s moment (any role)
         * @description The acting user punches for themselves; the moment is the server’s clock. The one exception is a punch the app kept while the service could not be reached: it is sent later with its real moment in `ts` and an Idempotency-Key (400 without one), at most 7 days old (older ones are corrections) and after the employee’s last punch; it is judged at that moment, and the punch log’s `created_at` shows when it arrived. The same sequence, modality and remote rules as attendance.create. The punch is stored with source `clock`. A session left open is never a reason to refuse a punch (art. 34.9 ET): an `in` past the company’s max_session_hours starts a new session, and the answer’s `left_open_session` names the session left open and the correction that would close it, to tell the person.
         */
        post: operations["attendance.clock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record up to 1,000 punches at once: a device’s backlog (administrators)
         * @description Each punch is judged as attendance.create judges it, an employee’s punches in the order given; stored ones are kept even when others are refused. The answer is 200 with one result per punch. A malformed item (wrong type, no ts) makes the whole request 400; the rules of the record are judged per punch. Counts once against the rate limit. With an Idempotency-Key the whole answer is kept. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        post: operations["attendance.batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/punches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The punch log: every stored punch of one employee, superseded ones included
         * @description Punches whose moment falls on the local days [from, to] in `tz` (default the company’s), ordered by ts then id, with their origin and what corrected them. Punches are never changed or deleted: a corrected punch stays here with `superseded_by`.
         */
        get: operations["attendance.punches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hours per employee over a range
         * @description One row per employee, ordered by full name then id, paginated by employee. Each row is the sum of the employee’s daily entries. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance.summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/anomalies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What needs attention in a range: forgotten clock-outs, missing breaks, work on days off
         * @description The anomalies of the daily entries of every employee the caller sees (HR and administrators: everyone; a supervisor: their team; anyone else: themselves), over at most 62 days, ordered by day, then full name and id. Each names the pending correction that would settle it, if one exists. Judged with the company’s max_session_hours, break_after_minutes, min_break_minutes, min_daily_rest_hours and max_ordinary_day_hours as they are now, and with the days around the range that the rules over several days need (the 15 before it, the 2 after it). Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance.anomalies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is in now: each active employee’s state at this moment
         * @description For the active employees the caller sees (HR and administrators: everyone; a supervisor: their team; anyone else: themselves), in name order: in, on_break, out, absent, holiday or off, from their effective punches, today’s approved absences and holidays in the company’s zone. A page is a few queries whatever its size.
         */
        get: operations["attendance.now"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Corrections, most recently proposed first
         * @description `from` and `to` select corrections that touch punches of those days. Only corrections of employees whose records the caller sees.
         */
        get: operations["attendance-corrections.list"];
        put?: never;
        /**
         * Propose a correction of an employee’s punches, with a reason
         * @description Changes: `add` a missing punch, `move` a punch to its right moment, `void` a punch that should not be there; all within 31 days of each other, none in the future. The employee’s effective punches must stay coherent (409 correction_incoherent); a named punch must be an effective punch of the employee (404; 409 punch_superseded when already corrected). The other side decides: HR or a supervisor when the employee proposes, the employee when anyone else does.
         */
        post: operations["attendance-corrections.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/corrections/{correction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a correction with its trail (scope attendance-corrections.list)
         * @description Needs the `attendance-corrections.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["attendance-corrections.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/corrections/{correction_id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a pending correction (the other side)
         * @description When the employee proposed it: HR or a supervisor up the manager chain. When anyone else did: the employee. Never the proposer (403). Only a pending correction (409). Approval judges the record again (409 when it changed in between) and applies it append-only: the correction joins the employee’s hash chain, moved and voided punches are superseded, new punches are appended with source `correction`.
         */
        post: operations["attendance-corrections.decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/corrections/{correction_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a pending correction (whoever proposed it)
         * @description Needs the `attendance-corrections.cancel` scope: an API key holding it, or a person’s session.
         */
        post: operations["attendance-corrections.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/reports/monthly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The monthly working-time record of a worker, as JSON, CSV or PDF
         * @description Worker and company, every day of the month (sessions, breaks, modality, worked, expected, balance, overtime, absences, holiday, corrected), totals, the corrections touching the month with their trail, the chain head, when it was generated and the worker’s signature. The daily figures are exactly those of attendance.list for the month in `tz` (default the company’s). Choose the form with `format` or `Accept` (application/json, text/csv, application/pdf). Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance-reports.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/reports/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every employee-day of a month as one CSV, streamed
         * @description The same header and figures as the monthly CSV, employee after employee in name order, written as they are computed (memory stays bounded whatever the company’s size). Employees whose records the caller may not see are left out. A failure after the first rows ends the stream early; a complete file ends with the last employee’s last day. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance-reports.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/reports/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s monthly totals per employee, as JSON, CSV or PDF
         * @description Per employee worked, expected, balance, overtime, days worked and days expected, and their sum: no punches, no absence types, no personal data. Workers’ representatives (the user flag `representative`), administrators, HR and inspector keys read every employee; anyone else the employees whose records they see. Every read by a representative is in the access log. The figures are those of the monthly record in `tz` (default the company’s). Choose the form with `format` or `Accept`. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance-reports.company"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/reports/monthly/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign one’s own monthly record once the month has ended
         * @description The acting user signs their month (in the company’s zone): the signature is the SHA-256 of the canonical JSON of { user_id, month, time_zone, days, totals }, keys sorted, no spaces, as the JSON report shows them. 409 month_not_ended before the month ends; 409 month_already_signed while an earlier signature still matches. A later approved correction marks the signature superseded (kept); the month can then be signed again. Schedule changes may no longer take effect inside a signed month.
         */
        post: operations["attendance-reports.sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendance/reports/record-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s time record over a range as a signed ZIP an inspector verifies offline
         * @description Administrators and inspector keys. Streams a ZIP of `employees.jsonl`, `punches.jsonl` (every stored punch of each employee’s part of the chain, superseded ones included), `corrections.jsonl` (with their trail), `chains.json` (per employee the link before the part and its last), `absences.jsonl` (every absence of the exported employees overlapping the range, whatever its status; no notes), `schedules.jsonl` (per employee the schedule periods reaching into the range and the holidays of their place), `overtime.jsonl` (the overtime lots of the months the range touches, with their days, rest and payments), `manifest.json` (company, range, generated_at, the record key, the SHA-256 of every other file) and `manifest.sig` (the Ed25519 signature of manifest.json by the company’s record key, GET /tenant/record-key). `jornada record verify FILE.zip` checks it without a database or a network; docs/record-export.md describes every field. `from` and `to` are days in the company’s zone, at most 366 days. Memory stays bounded whatever the company’s size; a client that disconnects stops it. 409 `secrets_key_missing` when the operator set no SECRETS_KEY, which keeps the record key sealed. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["attendance-reports.record-export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant/record-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that sign the company’s record exports, the current one first
         * @description The company’s Ed25519 record key is made on first use (this read or the first export); its private half is stored sealed with the service’s SECRETS_KEY and never leaves the service. A rotated key stays listed with `valid_until`, so the exports it signed can still be checked. 409 `secrets_key_missing` when there is no key yet and the operator set no SECRETS_KEY.
         */
        get: operations["tenant.record-key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant/record-key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the company’s record key (administrators)
         * @description A new key signs the exports from now on; the previous one’s validity ends now and it stays listed. Rotate when the service’s SECRETS_KEY may have leaked along with a copy of the database.
         */
        post: operations["tenant.rotate-record-key"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/expenses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List expenses
         * @description Most recent first: ordered by expense_date descending, then created_at descending, then id descending. `from` and `to` filter on expense_date, both included; `to` before `from` is 400. An unknown `user_id` simply matches nothing.
         */
        get: operations["expenses.list"];
        put?: never;
        /**
         * Import one expense (status imported)
         * @description Money is in integer minor units of the currency (12.50 EUR is 1250; JPY has no decimals, KWD three). `amount_eur` must equal `amount` for EUR; the taxes may add up to at most `amount`. Allowed for an administrator, or for the employee themselves. Many expenses at once: `jornada expenses import FILE.csv`.
         */
        post: operations["expenses.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/expenses/{expense_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an expense
         * @description Needs the `expenses.get` scope: an API key holding it, or a person’s session.
         */
        get: operations["expenses.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects, ordered by code then id
         * @description Needs the `projects.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["projects.list"];
        put?: never;
        /**
         * Create a project (administrators)
         * @description Needs the `projects.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["projects.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project (scope projects.list)
         * @description Needs the `projects.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["projects.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a project (administrators); `active: false` closes it to new allocations
         * @description Needs the `projects.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["projects.update"];
        trace?: never;
    };
    "/api/v1/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List allocations, ordered by start then id
         * @description Needs the `allocations.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["allocations.list"];
        put?: never;
        /**
         * Allocate a span of an employee’s time to a project or to other tasks
         * @description Exactly one of `project_id` and `note`. `end` is later than `start` and at most 24 h after it. `date` is the local day of `start` in `tz` (default the company’s). Spans of one employee never overlap (409). Allowed for administrators and for the employee themselves. Punches are not touched.
         */
        post: operations["allocations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/allocations/{allocation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an allocation
         * @description Needs the `allocations.get` scope: an API key holding it, or a person’s session.
         */
        get: operations["allocations.get"];
        put?: never;
        post?: never;
        /**
         * Remove an allocation (administrators, or the employee)
         * @description Needs the `allocations.delete` scope: an API key holding it, or a person’s session.
         */
        delete: operations["allocations.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absence-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s absence types, ordered by key
         * @description Needs the `absence-types.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["absence-types.list"];
        put?: never;
        /**
         * Add an absence type (administrators)
         * @description Needs the `absence-types.create` scope: an API key holding it, or a person’s session.
         */
        post: operations["absence-types.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absence-types/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an absence type by its key (scope absence-types.list)
         * @description Needs the `absence-types.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["absence-types.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an absence type (administrators); existing absences keep their status
         * @description Needs the `absence-types.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["absence-types.update"];
        trace?: never;
    };
    "/api/v1/absences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Absences overlapping [from, to], most recent first
         * @description Includes absences that start before `from` or end after `to`. Ordered by start_date, then created_at, then id, all descending.
         */
        get: operations["absences.list"];
        put?: never;
        /**
         * Register an absence (for oneself, or for anyone as an administrator)
         * @description Pending, or approved at once when the type needs no approval. Not in the past; hourly absences need both times on one day and a type that allows them; no overlap with a pending or approved absence (409), except a full-day absence of a type that `interrupts_vacation` (sick leave) over approved vacation, whose days it covers go back to the balance and which shows it in `interrupted_by` (art. 38.3 ET); vacation may not exceed the year’s vacation days and the days carried into it (409).
         */
        post: operations["absences.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absences/{absence_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an absence
         * @description Needs the `absences.get` scope: an API key holding it, or a person’s session.
         */
        get: operations["absences.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absences/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an absence that already happened (HR and administrators): approved at once
         * @description Last week’s sick leave, reported late: `start_date` today or earlier, at most four years back (a future one is asked for with POST /absences). Approved at once by the caller; the same overlap (409 `absence_overlap`) and vacation (409 `vacation_balance_exceeded`) rules as a request: sick leave (a type that `interrupts_vacation`) may lie over approved vacation, past or future, whose days go back to the balance (art. 38.3 ET). The days and reports of its dates change with it; a month the employee signed shows its signature superseded by this absence. Announced as `absence.created`.
         */
        post: operations["absences.record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absences/{absence_id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a pending absence
         * @description The acting user must be in the HR department or above the employee in the manager chain, and not the employee (403 permission_denied). Only a pending absence can be decided (409).
         */
        post: operations["absences.decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/absences/{absence_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending or approved absence that has not ended (the employee or HR)
         * @description Frees the vacation days it held; cancelling an absence that interrupted vacation (art. 38.3 ET) gives its days back to that vacation.
         */
        post: operations["absences.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}/vacation-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Vacation days of a year: entitled, approved, pending, remaining
         * @description Days are those of pending and approved absences of types that consume vacation, in the company’s vacation_unit: working days (schedule, less holidays) or calendar days (art. 38.1 ET); an absence across New Year counts in each year. Days of vacation interrupted by sick leave are given back (`interrupted`) and, not taken in their year, carried on for 18 months after its end (`carried_in`, art. 38.3 ET).
         */
        get: operations["users.vacation-balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overtime/lots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overtime lots: each employee’s overtime of each ended month, newest month first
         * @description A lot appears once its month has ended in the company’s zone, for each employee with overtime in it (on the company’s overtime_policy.basis); this read proposes any the hourly housekeeping has not yet. A pending lot follows the record; a decided one never changes, and a later change of its month adds an adjustment lot (`adjusts`). Need-to-know as for attendance: HR and administrators see everyone’s, others their own and their team’s. Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["overtime-lots.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overtime/lots/{lot_id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending overtime lot (HR and administrators)
         * @description A lot is a fact of the record (art. 35 ET): it is approved, never rejected (`rejected` is 400); hours in dispute are a correction of the time record, which the lot follows. Approving sets how it is compensated (`compensation`, default the employee’s terms; required when they are mixed) and its deadline (`compensate_by`). The annual cap never refuses: going over it is flagged (`over_cap_minutes` in the balance, the event `overtime.cap_exceeded`). Refused with 409 `overtime_not_allowed` for a minor, force majeure included (art. 6.3; their lot is paid as wages due), and for a night worker or a part-time employee unless `force_majeure` is true. Only a pending lot can be decided (409 `overtime_lot_not_pending`); nobody decides their own (403).
         */
        post: operations["overtime-lots.decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overtime/lots/{lot_id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record pay for an approved overtime lot (HR and administrators)
         * @description Any approved lot can be paid up to what it still owes (409 `overtime_lot_not_payable` otherwise), a rest lot too: rest still owed when someone leaves is paid. A minor’s lot, which is never approved (art. 6.3 ET), is paid while pending, up to its minutes: the wages due. `payroll_month` is not before the lot’s month.
         */
        post: operations["overtime-lots.pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overtime/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An employee’s overtime: rest owed and its deadline, overdue, paid, and the year toward and over the cap
         * @description Rest and pay owed are as of today across all years; the other figures are those of the year’s lots: rest taken (days passed) apart from rest scheduled, and the annual cap as art. 35.2 ET counts it (`counted_toward_cap_minutes`, `at_risk_minutes`, `over_cap_minutes`: over the cap is flagged, never refused), and overtime worked as a minor (`violation_minutes`). Default employee: the caller. Another employee’s balance is theirs to see under need-to-know (404 otherwise). Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["overtime.balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overtime/reports/monthly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The month’s overtime per employee and its compensation, as JSON, CSV or PDF
         * @description What workers’ representatives are told every month (RD 1561/1995, additional provision 3): for each employee with overtime lots in the month, what was proposed and approved, how the approved part is compensated (rest or pay, force majeure), what was rested, paid and is still owed, the minutes worked by minors (`violation_minutes`), and the year toward the annual cap and beyond it. Representatives (the user flag `representative`), administrators, HR and inspector keys read every employee; anyone else the employees whose records they see. Every read by a representative is in the access log. CSV (`format=csv` or `Accept: text/csv`) has one row per employee, without the lots, its headers in the company’s language (`language`). PDF (`format=pdf` or `Accept: application/pdf`): one A4 PDF/A-2b document in the company’s language, headed by the company’s legal name and CIF, a row per employee and the totals, and what the law flags (over the annual cap, a minor’s overtime, rest not taken in time). Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.
         */
        get: operations["overtime-reports.monthly"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your calendar feeds that still work (never their addresses)
         * @description Needs the `calendar-feeds.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["calendar-feeds.list"];
        put?: never;
        /**
         * Make a calendar feed of absences and holidays to subscribe to (its address is shown once)
         * @description The feed shows, as you may see them today, the absences of the people its scope covers (approved ones confirmed, pending ones tentative, cancelled ones cancelled) and the company’s holidays, from three months back to twelve ahead. A company feed is for HR and administrators (403 otherwise). At most 10 feeds a person (409 `calendar_feed_limit_reached`).
         */
        post: operations["calendar-feeds.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-feeds/{feed_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of your calendar feeds that still work (scope calendar-feeds.list; never its address)
         * @description Needs the `calendar-feeds.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["calendar-feeds.get"];
        put?: never;
        post?: never;
        /**
         * Revoke one of your calendar feeds: its address answers 404 from now on
         * @description Needs the `calendar-feeds.delete` scope: an API key holding it, or a person’s session.
         */
        delete: operations["calendar-feeds.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}/schedule-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which schedule applied to an employee when, oldest first
         * @description Spans of days with one schedule in one version: a new span begins when the employee’s own schedule, the company default (for employees without one) or the minutes of the schedule in force change. Changes take effect from their `effective_from`; earlier days keep what they had.
         */
        get: operations["users.schedule-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API keys, oldest first, never their secrets: all of the company’s for administrators, those acting as me for a member
         * @description Needs the `keys.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["keys.list"];
        put?: never;
        /**
         * Create an API key; the secret is in this answer only
         * @description The new key holds only scopes the caller holds (403 `scope_escalation`) and acts as an active user of the company. Administrators create keys acting as anyone; a member creates keys acting as themselves only, from their session or a personal key (403 `personal_credential_required` otherwise), and `scopes` then defaults to the caller’s. A key created by a person with their own credential, acting as that person, is personal (`personal: true`): it may clock in, sign the month and consent to corrections as them. An inspector key (`kind: "inspector"`, administrators only) must expire within 90 days and may hold only the read scopes of the time record; every request made with it is written to the access log. From a session, a key is lasting access: the session must have signed in within the last 10 minutes, or send `current_password` (403 `recent_sign_in_required`), checked and throttled like a sign-in (a wrong one counts as a failed sign-in; 429 `login_throttled` with `Retry-After` after ten from one address).
         */
        post: operations["keys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key (scope keys.list): any of the company’s for administrators, one acting as me for a member
         * @description Needs the `keys.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["keys.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key; it stops working at once, for good
         * @description Administrators revoke any key of the company; a member revokes the keys they created (403 for one an administrator made for them). Revoking a revoked key changes nothing and answers it as it is.
         */
        post: operations["keys.revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every write through the API and the command line, newest first (administrators)
         * @description When, source (api or cli), key, acting user, operation, resource id and the names of the fields sent. Values are never kept, so sensitive data never reaches the log. Append-only.
         */
        get: operations["audit-log.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/access-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every request made with an inspector key or by a representative reading the company’s reports, newest first (administrators)
         * @description When, key, acting user, method, route, status, and the employees whose records the request read.
         */
        get: operations["access-log.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event stream, oldest first from a cursor (administrators)
         * @description Every change of state, written in the transaction of the change, kept 30 days. Read on with `after` = `meta.next_after`; an event appears once every transaction that began before it has ended, so a reader never finds an older event behind one it has passed.
         */
        get: operations["events.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s webhook subscriptions, oldest first (administrators); never their secrets
         * @description Needs the `webhooks.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["webhooks.list"];
        put?: never;
        /**
         * Subscribe a URL to events (administrators); the signing secret is in this answer only
         * @description Deliveries are signed as Standard Webhooks describes (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A 2xx within 5 s is a success; anything else is retried with backoff for three days. At most 25 subscriptions per company (409 `webhook_limit_reached`).
         */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook subscription (administrators; scope webhooks.list)
         * @description Needs the `webhooks.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["webhooks.get"];
        put?: never;
        post?: never;
        /**
         * Delete a subscription and its deliveries (administrators)
         * @description Needs the `webhooks.delete` scope: an API key holding it, or a person’s session.
         */
        delete: operations["webhooks.delete"];
        options?: never;
        head?: never;
        /**
         * Change a subscription (administrators); `active: true` resumes one deactivated after failing
         * @description Needs the `webhooks.update` scope: an API key holding it, or a person’s session.
         */
        patch: operations["webhooks.update"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deliveries of a subscription, newest first: attempts, last status and duration, next attempt (administrators; scope webhooks.list)
         * @description Needs the `webhooks.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["webhooks.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mail-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mail the service sends for the company, newest first, and whether each went (administrators)
         * @description Invitations and password resets are queued with the write that makes them and sent after it commits, with retries: a mail server that refuses for a while (4xx) or does not answer is tried again with growing waits for up to a day (a reset’s link lasts an hour, and its mail is not sent later than that); one that refuses for good (5xx) fails the message at once. Messages are kept 30 days after they were sent or failed. Neither the body nor the link is ever shown.
         */
        get: operations["mail.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s kiosk devices, oldest first (administrators); never their tokens
         * @description Needs the `kiosks.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["kiosks.list"];
        put?: never;
        /**
         * Set up a kiosk device (administrators); its device token is in this answer only
         * @description The device token pairs the kiosk page at `/kiosk` with this device. It can call the kiosk endpoints only: any other endpoint answers it 403.
         */
        post: operations["kiosks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosks/{kiosk_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a kiosk device (administrators; scope kiosks.list); never its token
         * @description Needs the `kiosks.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["kiosks.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosks/{kiosk_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a kiosk device (administrators); its token stops working at once, for good
         * @description Revoking a revoked device changes nothing and answers it as it is. Punches made at it keep its id.
         */
        post: operations["kiosks.revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}/kiosk-pin/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset an employee’s forgotten kiosk PIN and lift its lock (administrators)
         * @description The old PIN stops working, the identifier’s lock after wrong PINs is lifted and the employee’s open kiosk sessions end. No PIN is derived from anything an administrator knows: with a mail server (`SMTP_URL`) the employee is mailed a random one-time PIN, which the kiosk makes them change at first use (`delivery: "mail"`); without one the employee has no PIN until they choose it in the app, Profile (`delivery: "app"`: tell them so). The PIN is never returned. 409 `kiosk_not_set_up` when there is no DNI (kiosk identifier): set `dni` with `PATCH /users/{user_id}` first.
         */
        post: operations["users.reset-kiosk-pin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/kiosk-pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My kiosk identifier and whether I have a kiosk PIN (never the PIN)
         * @description Any valid credential: an API key or a person’s session.
         */
        get: operations["me.kiosk-pin"];
        /**
         * Choose my kiosk PIN; my open kiosk sessions end and my identifier’s lock is lifted
         * @description A personal credential: my session or a key I created myself (403 `personal_credential_required` with a key made for me). 4 to 8 digits, not one digit repeated, not my current PIN (400). 409 `kiosk_not_set_up` when my company has not recorded my DNI/NIE (no identifier). With a mail server I am mailed a notice of the change.
         */
        put: operations["me.kiosk-pin.set"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The kiosk device this token belongs to, and the service’s clock (device token)
         * @description Takes a kiosk device token (`jkd_…`) and nothing else.
         */
        get: operations["kiosk.device"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosk/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An employee identifies at the kiosk with identifier and PIN (device token)
         * @description Answers the employee’s name, where they stand and the punches allowed next, with a session of about a minute. Five wrong PINs in a row lock the identifier for 15 minutes (429 `kiosk_locked`, `Retry-After`), whether or not it belongs to anyone; a device with many failures across identifiers must wait between attempts (429 `kiosk_throttled`). With the initial PIN, `pin_change_required` is true and no punch is allowed until it is changed.
         */
        post: operations["kiosk.identify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosk/punches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identified employee punches at the kiosk (device token)
         * @description Sign in with `session` (from kiosk.identify) or with `identifier` and `pin`: the kiosk page sends the PIN so that a punch queued while offline can be sent as it is, once, with its `Idempotency-Key` (kept per device). Without `ts` the punch is at the service’s moment; with it, at that real moment (a queued punch), judged by the usual rules. The punch has `source: kiosk` and this device’s id in the punch log. Refused with 403 `kiosk_pin_change_required` while the PIN is the initial one, even when queued: the first use must be online.
         */
        post: operations["kiosk.punch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosk/corrections/{correction_id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identified employee accepts a correction of their record proposed to them (device token)
         * @description Their consent, given at the kiosk: typically the company’s closing of a session they left open (`left_open_session` of kiosk.identify). Needs a session. 404 for a correction of anyone else; 409 `correction_not_pending` once decided; 403 for a correction they proposed themselves (HR or a supervisor decides it).
         */
        post: operations["kiosk.accept-correction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kiosk/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identified employee changes their PIN (device token)
         * @description The new PIN has 4 to 8 digits, not one digit repeated, and is neither the initial PIN (the last 4 digits of the phone) nor the current one. Needs a session. With a mail server the employee is mailed a notice of the change.
         */
        post: operations["kiosk.change-pin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/push-subscriptions/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service’s VAPID public key, to subscribe an installation of the app to Web Push
         * @description Made once, on the service’s first start, and kept sealed with its secrets key: 409 `secrets_key_missing` when the operator set no SECRETS_KEY, and then nothing can be pushed.
         */
        get: operations["push-subscriptions.key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/push-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The installations of the app your reminders are pushed to
         * @description Needs the `push-subscriptions.list` scope: an API key holding it, or a person’s session.
         */
        get: operations["push-subscriptions.list"];
        put?: never;
        /**
         * Push your reminders to this installation of the app (its browser’s push subscription)
         * @description The body is what `PushSubscription.toJSON()` gives, without `expirationTime`. The same installation subscribing again replaces its subscription (200); a new one is 201. A person keeps 10 installations: a new one beyond them replaces the oldest. A personal act: your session or a key you created yourself. A push service that answers 404 or 410 for an installation ends its subscription.
         */
        post: operations["push-subscriptions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/push-subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop pushing your reminders to one installation of the app
         * @description Needs the `push-subscriptions.delete` scope: an API key holding it, or a person’s session.
         */
        delete: operations["push-subscriptions.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s reminders: each kind on or off by mail and push, and their language
         * @description What the person is reminded of (docs/notifications.md): a session left open past the day’s expected end, a correction waiting for their consent, the daily digest of what waits for their decision (supervisors and HR), a month ready to sign, overtime to rest before its deadline. What they have not chosen follows the company’s defaults (`notification_defaults` of GET /tenant).
         */
        get: operations["me.notifications.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn the caller’s reminders on or off by channel, or choose their language
         * @description Only the kinds and channels named change; what the person never chose keeps following the company’s defaults. `language: null` goes back to the company’s language.
         */
        patch: operations["me.notifications.update"];
        trace?: never;
    };
}
export interface webhooks {
    "user.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `user.created` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.user.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `user.updated` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.user.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `user.deactivated` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.user.deactivated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.reactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `user.reactivated` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.user.reactivated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.invited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `user.invited` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.user.invited"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "punch.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `punch.created` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.punch.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "attendance.anomaly_detected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `attendance.anomaly_detected` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.attendance.anomaly_detected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "absence.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `absence.created` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.absence.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "absence.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `absence.approved` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.absence.approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "absence.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `absence.rejected` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.absence.rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "absence.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `absence.cancelled` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.absence.cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "correction.proposed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `correction.proposed` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.correction.proposed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "correction.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `correction.approved` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.correction.approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "correction.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `correction.rejected` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.correction.rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "allocation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `allocation.created` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.allocation.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "allocation.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `allocation.deleted` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.allocation.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "expense.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `expense.created` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.expense.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.lot_proposed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.lot_proposed` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.lot_proposed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.lot_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.lot_updated` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.lot_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.lot_approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.lot_approved` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.lot_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.lot_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.lot_paid` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.lot_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.compensation_overdue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.compensation_overdue` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.compensation_overdue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "overtime.cap_exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `overtime.cap_exceeded` event, delivered to a subscription that takes it
         * @description POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.
         */
        post: operations["webhook.overtime.cap_exceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Body of every non-2xx response */
        ErrorBody: {
            error: {
                /**
                 * @description Machine-readable code from the error catalogue
                 * @enum {string}
                 */
                code: "invalid_request" | "invalid_json" | "unauthenticated" | "scope_required" | "permission_denied" | "scope_escalation" | "personal_credential_required" | "sso_required" | "csrf_failed" | "invalid_credentials" | "invalid_token" | "tenant_choice_required" | "login_throttled" | "not_found" | "route_not_found" | "method_not_allowed" | "request_timeout" | "email_taken" | "kiosk_not_set_up" | "kiosk_id_taken" | "last_admin" | "manager_cycle" | "name_taken" | "user_disabled" | "password_already_set" | "holiday_exists" | "punch_out_of_order" | "punch_sequence_invalid" | "remote_not_allowed" | "code_taken" | "project_inactive" | "allocation_overlap" | "absence_type_exists" | "absence_overlap" | "vacation_balance_exceeded" | "absence_not_pending" | "calendar_feed_limit_reached" | "overtime_lot_not_pending" | "overtime_not_allowed" | "overtime_rest_exceeded" | "overtime_lot_not_payable" | "absence_not_cancellable" | "punch_superseded" | "correction_incoherent" | "correction_not_pending" | "month_not_ended" | "month_already_signed" | "month_signed" | "passkey_limit_reached" | "passkey_exists" | "secrets_key_missing" | "passkeys_need_public_url" | "webhook_limit_reached" | "idempotency_key_in_use" | "idempotency_key_reused" | "payload_too_large" | "unsupported_media_type" | "headers_too_large" | "kiosk_credentials_invalid" | "kiosk_session_expired" | "kiosk_pin_change_required" | "kiosk_locked" | "kiosk_throttled" | "concurrency_limited" | "rate_limited" | "internal_error" | "database_unavailable" | "overloaded" | "overtime_rest_after_deadline" | "recent_sign_in_required";
                /** @description Human-readable explanation */
                message: string;
                /** @description For validation errors: one item per failing field; for `tenant_choice_required`: one item per company to choose from */
                details?: {
                    field: string;
                    message: string;
                    /** @description A value the field may take, where the error offers a choice: for `tenant_choice_required`, the id of a company whose name is the message */
                    value?: string;
                }[];
            };
        };
        /** @description A person signed in; the session itself travels in the `jornada_session` cookie */
        SignedIn: {
            user: components["schemas"]["UserReduced"];
            tenant: {
                id: string;
                name: string;
            };
            /**
             * Format: date-time
             * @description When the session ends at the latest; unless remembered, it also ends after SESSION_IDLE_HOURS (12 by default) without a request
             * @example 2026-03-02T08:00:00.000Z
             */
            expires_at: string;
            /** @description Send it as `X-CSRF-Token` with every write made with the session cookie (403 csrf_failed otherwise). Shown this once; keep it in memory, not in storage a script of another origin could read */
            csrf_token: string;
            /** @description Whether the session lasts as a remembered device’s (asked for with `remember: true`, and allowed by the company): no idle timeout, `expires_at` the company’s `remember_device_hours` away */
            remembered: boolean;
        };
        /** @description One of the sessions of the person calling */
        Session: {
            id: string;
            /**
             * Format: date-time
             * @example 2026-03-02T08:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Moved at most once a minute by the requests made with it
             * @example 2026-03-02T08:00:00.000Z
             */
            last_seen_at: string;
            /**
             * Format: date-time
             * @description Its absolute end; it ends earlier when idle for SESSION_IDLE_HOURS
             * @example 2026-03-02T08:00:00.000Z
             */
            expires_at: string;
            /** @description The browser or app that signed in, as it said */
            user_agent: string | null;
            /** @description The address it signed in from */
            ip_address: string | null;
            /** @description How the person signed in: password, passkey, sso, invitation, password_reset */
            method: string;
            /** @description Signed in with “Remember this device” in a company that allows it: it lasts the company’s `remember_device_hours`, with no idle timeout */
            remembered: boolean;
            /** @description Whether this is the session of the request listing them */
            current: boolean;
        };
        /** @description An invitation to set one’s password */
        Invitation: {
            user_id: string;
            /**
             * Format: date-time
             * @description When the link stops working (72 hours after it was made)
             * @example 2026-03-02T08:00:00.000Z
             */
            expires_at: string;
            /**
             * @description `mail`: sent to the person; `link`: no mail server is configured, hand the link over yourself
             * @enum {string}
             */
            delivery: "mail" | "link";
            /** @description Only with `delivery: "link"`, and only in this answer: the link to hand over */
            link?: string;
        };
        /** @description One of the passkeys of the person calling; never its key material */
        Passkey: {
            id: string;
            name: string;
            /**
             * Format: date-time
             * @example 2026-03-02T08:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description The last sign-in with it
             * @example 2026-03-02T08:00:00.000Z
             */
            last_used_at: string | null;
            /**
             * @description multiDevice: synced between the person’s devices (a password manager, a platform account)
             * @enum {string}
             */
            device_type: "singleDevice" | "multiDevice";
            backed_up: boolean;
            /** @description How the browser reaches it: internal, hybrid, usb, nfc, ble */
            transports: string[];
        };
        /** @description User, full form */
        UserFull: {
            id: string;
            full_name: string;
            email: string;
            /**
             * @description 'member' or 'admin'
             * @enum {string}
             */
            role: "member" | "admin";
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date */
            hire_date: string | null;
            /** @description Effective annual vacation days (the company default unless set) */
            vacation_days: number;
            works_holidays: boolean;
            remote_work_allowed: boolean;
            /** @description How this employee’s overtime is compensated: rest, pay or mixed; null follows the company’s policy */
            overtime_compensation: "rest" | "pay" | "mixed" | null;
            /** @description Within how many months after a lot’s month this employee’s rest is due (P1M to P24M); null follows the company’s policy. must be a period of whole months written P<n>M, from P1M to P24M, e.g. P4M */
            overtime_comp_expiry: string | null;
            /** @description Works nights (art. 36.1 ET): their overtime can only be approved as force majeure. Set by administrators or HR */
            night_worker: boolean;
            /** @description The written pact of complementary hours (art. 12.5 ET), in % of the year’s ordinary hours: up to 30, up to 60 where the collective agreement allows; 0 (default): no pact. Lawful only on a contract of at least 10 hours a week (art. 12.5.a): otherwise flagged in the overtime balance, not refused. Set by administrators or HR. must be 0 to 60 (art. 12.5.c ET); must be 0 to 60 (art. 12.5.c ET) */
            complementary_pact_percent: number;
            /** @description Voluntary complementary hours the company may offer on an indefinite contract (art. 12.5.g ET), in % of the year’s ordinary hours: up to 15, up to 30 by collective agreement; 0 (default): none. Set by administrators or HR. must be 0 to 30 (art. 12.5.g ET); must be 0 to 30 (art. 12.5.g ET) */
            complementary_voluntary_percent: number;
            /** @description A workers’ representative: reads the company’s monthly overtime report and totals. Set by administrators */
            representative: boolean;
            /** Format: date-time */
            created_at: string;
            has_photo: boolean;
            department: {
                id: string;
                name: string;
            } | null;
            work_center: {
                id: string;
                name: string;
            } | null;
            /** @description The user's supervisor */
            manager_id: string | null;
            /** @description Own work schedule most recently assigned; null follows the company default. GET /users/{id}/schedule-history shows what applied when. */
            schedule_id: string | null;
            /** @description Spans of employment: the first begins at the hire date, each deactivation ends one, each reactivation begins another. Outside them nothing is expected. */
            employment_periods: {
                /**
                 * Format: date
                 * @description First day; null: since always (no hire date)
                 */
                start_date: string | null;
                /**
                 * Format: date
                 * @description Last day (the day of the deactivation); null while employed
                 */
                end_date: string | null;
            }[];
            profile: {
                phone_company: string | null;
                phone_personal: string | null;
                personal_email: string | null;
                birth_date: string | null;
                nationality: string | null;
                dni: string | null;
                dni_expiry: string | null;
                address: string | null;
                city: string | null;
                postal_code: string | null;
                passport_number: string | null;
                passport_issue: string | null;
                passport_expiry: string | null;
                health_insurance: string | null;
                iban: string | null;
                swift: string | null;
                country: string | null;
                company_name: string | null;
                company_cif: string | null;
                ssn: string | null;
                /** @description Empty array when none */
                qualifications: string[];
            };
            /** @description Only with include_folders=true on users.get */
            folders: {
                id: string;
                name: string;
                document_count: number;
            }[] | null;
        };
        /** @description User, reduced form (default of users.list) */
        UserReduced: {
            id: string;
            full_name: string;
            email: string;
            /**
             * @description 'member' or 'admin'
             * @enum {string}
             */
            role: "member" | "admin";
            /** @enum {string} */
            status: "active" | "disabled";
            has_photo: boolean;
            department: {
                id: string;
                name: string;
            } | null;
            work_center: {
                id: string;
                name: string;
            } | null;
        };
        Department: {
            id: string;
            name: string;
            /** Format: date-time */
            created_at: string;
        };
        WorkCenter: {
            id: string;
            name: string;
            country: string | null;
            region: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A weekly work schedule */
        Schedule: {
            id: string;
            name: string;
            /** @description Expected minutes of work for each ISO weekday in the latest version of the schedule (see the users’ schedule-history for what applied when) */
            weekday_minutes: {
                mon: number;
                tue: number;
                wed: number;
                thu: number;
                fri: number;
                sat: number;
                sun: number;
            };
            /** @description The company default, used by users without a schedule of their own */
            is_default: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Company settings */
        Tenant: {
            id: string;
            name: string;
            /** @description IANA time zone of the company */
            timezone: string;
            default_vacation_days: number;
            /**
             * @description How the vacation days of a year worked in part (a hire, a leave, a deactivation) are rounded to whole days: up (the default, never less than the worker’s share), nearest (half up), or down
             * @enum {string}
             */
            vacation_rounding: "up" | "nearest" | "down";
            /**
             * @description How vacation days are counted (art. 38.1 ET): working_days (the default: days the schedule expects work, less holidays) or calendar_days (every day of the vacation: Monday to Sunday is 7; the statute’s 30 calendar days a year)
             * @enum {string}
             */
            vacation_unit: "working_days" | "calendar_days";
            country: string | null;
            region: string | null;
            /** @description Members of this department are HR */
            hr_department_id: string | null;
            default_folders: string[];
            /** @description Schedule of users without one of their own */
            default_schedule_id: string | null;
            /** @description A work session open longer than this is a forgotten clock-out: an anomaly, a closing correction the company proposes, and punches beyond it refused (default 14) */
            max_session_hours: number;
            /** @description Art. 34.4 ET: continuous work longer than this needs a break (default 360, six hours) */
            break_after_minutes: number;
            /** @description The shortest pause that counts as that break (default 15); shorter pauses do not interrupt continuous work. 0 turns the rule off */
            min_break_minutes: number;
            /** @description Art. 34.3 ET: the shortest rest between the end of one working day and the start of the next, in hours (default 12; 8 to 24, for the sectors whose agreements RD 1561/1995 lets go below 12). Less is a `short_daily_rest` anomaly */
            min_daily_rest_hours: number;
            /** @description Art. 34.3 ET: the longest ordinary working day, in hours (default 9, unless a collective agreement distributes the hours otherwise; under-18s 8 whatever it says). More is a `long_ordinary_day` anomaly */
            max_ordinary_day_hours: number;
            /** @description How long a sign-in with “Remember this device” (`remember: true`) lasts, in hours, instead of the service’s `SESSION_MAX_HOURS`, with no idle timeout; 0 (the default) does not allow it: such a sign-in lasts as any other. At most 720 (30 days). Lowering it shortens the sessions already remembered at their next request */
            remember_device_hours: number;
            /** @description Registered name of the company (the record shows name when null) */
            legal_name: string | null;
            /** @description Tax id of the company */
            cif: string | null;
            /**
             * @description Language of the company’s documents and mails: absence type labels, the monthly record, invitations and resets (es by default for country ES, en otherwise)
             * @enum {string}
             */
            language: "es" | "en";
            /** @description Overtime (Workers’ Statute art. 35): how it is counted, compensated, capped and decided */
            overtime_policy: {
                /**
                 * @description How overtime is counted: daily (the positive part of each day’s balance, the default), weekly (each ISO week’s net balance, in the month of the week’s last day) or monthly (the month’s net balance)
                 * @enum {string}
                 */
                basis: "daily" | "weekly" | "monthly";
                /**
                 * @description rest (paid time off, the law’s fallback), pay, or mixed (decided lot by lot)
                 * @enum {string}
                 */
                compensation: "rest" | "pay" | "mixed";
                /** @description ISO 8601 months, e.g. P4M */
                comp_expiry: string;
                annual_cap_hours: number;
                /**
                 * @description manual (HR or an administrator decides each lot, the default) or automatic (lots are approved as proposed, within the cap)
                 * @enum {string}
                 */
                approval: "manual" | "automatic";
            };
            /** @description The company’s reminders (docs/decisions/0026-reminders.md): what each person gets unless they chose otherwise, and when. None is sent at night (21:00 to 08:00 in the company’s zone): it waits for 08:00 */
            notification_defaults: {
                /** @description Each reminder on or off by channel, for people who have not chosen */
                kinds: {
                    /** @description A session still open past the day’s expected end plus the company’s margin (to the worker, once per session) */
                    open_session: {
                        /** @description By mail */
                        mail: boolean;
                        /** @description By Web Push to the installed app */
                        push: boolean;
                    };
                    /** @description A correction of one’s record waiting for one’s consent (at once) */
                    correction_consent: {
                        /** @description By mail */
                        mail: boolean;
                        /** @description By Web Push to the installed app */
                        push: boolean;
                    };
                    /** @description Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons */
                    approvals_digest: {
                        /** @description By mail */
                        mail: boolean;
                        /** @description By Web Push to the installed app */
                        push: boolean;
                    };
                    /** @description A month ready to sign (once, on the company’s day) */
                    month_to_sign: {
                        /** @description By mail */
                        mail: boolean;
                        /** @description By Web Push to the installed app */
                        push: boolean;
                    };
                    /** @description Overtime to be rested whose deadline is near (to the worker and HR) */
                    rest_deadline: {
                        /** @description By mail */
                        mail: boolean;
                        /** @description By Web Push to the installed app */
                        push: boolean;
                    };
                };
                /** @description The local hour of the daily digest to supervisors and HR (default 9) */
                digest_hour: number;
                /** @description The day of the month on which workers are reminded to sign the month before (default 1) */
                sign_day: number;
                /** @description Minutes after the day’s expected end before a session still open is reminded of (default 30) */
                open_session_margin_minutes: number;
                /** @description Days before a lot’s rest deadline the worker and HR are reminded (default 14) */
                rest_deadline_days: number;
            };
            /** @description Single sign-on with the company’s OpenID Connect provider, or null when people sign in with passwords and passkeys only. The client secret is never answered. People start at `/auth/oidc/start?tenant_id=…`; the provider sends them back to `PUBLIC_URL` + `/auth/oidc/callback`, the redirect URI to register there. */
            sso: {
                /** @description The provider’s issuer */
                oidc_issuer: string;
                client_id: string;
                allowed_domains: string[] | null;
                sso_only: boolean;
                /** Format: date-time */
                updated_at: string;
            } | null;
            /** Format: date-time */
            created_at: string;
        };
        Holiday: {
            /** @description Company holidays only; null for public holidays */
            id: string | null;
            /** Format: date */
            date: string;
            name: string;
            /** @description The name in Spanish and English where there is one (public holidays: English always, Spanish in Spain); empty for a company holiday, named by `name` in the words the company gave. A client shows the one of its person’s language, else `name` */
            names: {
                es?: string;
                en?: string;
            };
            /** @enum {string} */
            type: "public" | "company";
            /** @description Company holiday of one work center; null for the whole company */
            work_center_id: string | null;
        };
        /** @description A recorded punch */
        Punch: {
            id: string;
            user_id: string;
            /** @enum {string} */
            type: "in" | "out" | "break_start" | "break_end";
            /** Format: date-time */
            ts: string;
            /**
             * @description Modality of the work session the punch belongs to
             * @enum {string}
             */
            modality: "onsite" | "remote";
            /**
             * @description How it was recorded: 'api' pushed by an administrator, 'clock' by the employee themselves, 'kiosk' at a kiosk, 'correction' appended by an approved correction
             * @enum {string}
             */
            source: "api" | "clock" | "kiosk" | "correction";
            /** @description Acting user who recorded it; null for punches recorded before origins were kept */
            created_by: string | null;
            /**
             * @description Present, as `company_issued`, when the person made this act with a credential the company issued and they had not replaced (a password set through an invitation link handed to an administrator, a kiosk PIN the company set): someone else may have made it. Absent: the person’s own credential
             * @enum {string}
             */
            credential_origin?: "company_issued";
        };
        /** @description A punch the person recorded for themselves */
        ClockedPunch: {
            id: string;
            user_id: string;
            /** @enum {string} */
            type: "in" | "out" | "break_start" | "break_end";
            /** Format: date-time */
            ts: string;
            /**
             * @description Modality of the work session the punch belongs to
             * @enum {string}
             */
            modality: "onsite" | "remote";
            /**
             * @description How it was recorded: 'api' pushed by an administrator, 'clock' by the employee themselves, 'kiosk' at a kiosk, 'correction' appended by an approved correction
             * @enum {string}
             */
            source: "api" | "clock" | "kiosk" | "correction";
            /** @description Acting user who recorded it; null for punches recorded before origins were kept */
            created_by: string | null;
            /**
             * @description Present, as `company_issued`, when the person made this act with a credential the company issued and they had not replaced (a password set through an invitation link handed to an administrator, a kiosk PIN the company set): someone else may have made it. Absent: the person’s own credential
             * @enum {string}
             */
            credential_origin?: "company_issued";
            /** @description When this punch began a new session after one left open: that session, and the correction that would close it (tell the person, offer it). null otherwise */
            left_open_session: {
                /**
                 * Format: date-time
                 * @description The `in` of the session left open
                 */
                started_at: string;
                /** @description The pending correction closing it that the person may accept (the company’s proposal, or HR’s); null while there is none, or when the pending one is their own proposal (HR or a supervisor decides it) */
                correction_id: string | null;
                /**
                 * Format: date-time
                 * @description Where that correction puts the `out`
                 */
                proposed_out_at: string | null;
            } | null;
        };
        /** @description A stored punch, as the punch log shows it */
        PunchLogEntry: {
            id: string;
            user_id: string;
            /** @enum {string} */
            type: "in" | "out" | "break_start" | "break_end";
            /** Format: date-time */
            ts: string;
            /**
             * @description Modality of the work session the punch belongs to
             * @enum {string}
             */
            modality: "onsite" | "remote";
            /**
             * @description How it was recorded: 'api' pushed by an administrator, 'clock' by the employee themselves, 'kiosk' at a kiosk, 'correction' appended by an approved correction
             * @enum {string}
             */
            source: "api" | "clock" | "kiosk" | "correction";
            /** @description Acting user who recorded it; null for punches recorded before origins were kept */
            created_by: string | null;
            /**
             * @description Present, as `company_issued`, when the person made this act with a credential the company issued and they had not replaced (a password set through an invitation link handed to an administrator, a kiosk PIN the company set): someone else may have made it. Absent: the person’s own credential
             * @enum {string}
             */
            credential_origin?: "company_issued";
            /** @description Kiosk it was punched at */
            kiosk_id: string | null;
            /**
             * Format: date-time
             * @description When it was stored
             */
            created_at: string;
            /** @description The approved correction that appended it */
            correction_id: string | null;
            /** @description The approved correction that moved or voided it; it then no longer counts */
            superseded_by: string | null;
        };
        DailyAttendance: {
            user_id: string;
            /** Format: date */
            date: string;
            /** @description The schedule expects work this weekday, and it is no holiday (or the employee works holidays) */
            is_workday: boolean;
            /** @description null when none */
            holiday: {
                name: string;
                /** @description The name in Spanish and English where there is one (public holidays); empty for a company holiday, named by `name` */
                names?: {
                    es?: string;
                    en?: string;
                };
                /** @enum {string} */
                type: "public" | "company";
            } | null;
            /**
             * @description Modality of the day's first 'in'; 'onsite' when there is none
             * @enum {string}
             */
            modality: "onsite" | "remote";
            /** @description Effective punches of the work sessions that started this day (a night shift stays on the day it began); superseded punches are in the punch log */
            punches: {
                /** @enum {string} */
                type: "in" | "out" | "break_start" | "break_end";
                /** Format: date-time */
                at: string;
                /** @description true when an approved correction added it or moved it here */
                edited: boolean;
            }[];
            /** @description Session time less breaks, floored to whole minutes; an open session counts up to now */
            worked_minutes: number;
            /** @description From the schedule that applied that day, on workdays while employed (from the hire date, outside deactivations), less approved absences; 0 otherwise */
            expected_minutes: number;
            /** @description worked_minutes - expected_minutes */
            balance_minutes: number;
            /** @description What in this day’s punches needs attention; empty when nothing */
            anomalies: components["schemas"]["AttendanceAnomaly"][];
        };
        /** @description Something in a day’s punches that needs attention; the record itself is unchanged */
        AttendanceAnomaly: {
            /**
             * @description session_too_long: a session lasted (or is still open) longer than the company’s max_session_hours, usually a forgotten clock-out; missing_break: continuous work passed break_after_minutes without a pause of min_break_minutes (art. 34.4 ET; under-18s 30 minutes past 4.5 hours); punch_on_day_off: work on a rest day, a holiday or a day of full-day vacation; short_daily_rest: less than the company’s min_daily_rest_hours (12) between the previous day’s last `out` and this day’s first `in` (art. 34.3 ET); long_ordinary_day: more than max_ordinary_day_hours (9; under-18s 8) worked in the day (art. 34.3 ET); short_weekly_rest: the ISO week ending with this day’s last `in` had less than 36 hours of uninterrupted rest, also on average with the week before (under-18s 48 hours every week; art. 37.1 ET); night_average_exceeded: a night worker above 8 hours a day averaged over the days worked in 15 days (art. 36.1 ET); absence_overlaps_work: work on a day of full-day absence other than vacation (sick leave over a worked day), which counts no worked minutes
             * @enum {string}
             */
            type: "session_too_long" | "missing_break" | "punch_on_day_off" | "short_daily_rest" | "long_ordinary_day" | "short_weekly_rest" | "night_average_exceeded" | "absence_overlaps_work";
            /**
             * Format: date-time
             * @description The `in` of the session concerned (the day’s first for punch_on_day_off, missing_break, long_ordinary_day, short_daily_rest, night_average_exceeded and absence_overlaps_work; the day’s last for short_weekly_rest)
             */
            session_started_at: string;
            /** @description The session’s length (up to now when open), the longest stretch worked without the break, the work on the day off or under the absence, the day’s work (long_ordinary_day), the rest before the day (short_daily_rest), the week’s longest uninterrupted rest (short_weekly_rest), or the average day of the days worked in the 15 (night_average_exceeded) */
            minutes: number;
            /** @description What the company or the law allows (a minimum for rests); null for punch_on_day_off and absence_overlaps_work */
            limit_minutes: number | null;
            /**
             * @description Why the day is off, for punch_on_day_off (rest_day, holiday or absence) and absence_overlaps_work (absence); null otherwise
             * @enum {string|null}
             */
            day_off: "rest_day" | "holiday" | "absence" | null;
        };
        /** @description Totals of one employee over the range; equal to the sum of their daily entries */
        AttendanceSummaryRow: {
            user_id: string;
            full_name: string;
            worked_minutes: number;
            expected_minutes: number;
            balance_minutes: number;
            /** @description Expected minutes of the days up to today in the zone: the days before today in full, today only as far as it has been worked (up to its expected). Equal to expected_minutes once the last day is over; 0 before the first */
            expected_to_date_minutes: number;
            /** @description Worked minutes of the days up to today less expected_to_date_minutes: the balance so far, with days still to come planned, not owed */
            balance_to_date_minutes: number;
            /** @description Days with worked_minutes > 0 */
            worked_days: number;
            /** @description Days with expected_minutes > 0 */
            expected_days: number;
            /** @description Anomalies of the daily entries (GET /attendance/anomalies lists them) */
            anomaly_count: number;
        };
        /** @description An anomaly of one employee’s day */
        AttendanceAnomalyRow: {
            user_id: string;
            full_name: string;
            /**
             * Format: date
             * @description The day the session belongs to (of its `in`)
             */
            date: string;
            /**
             * @description session_too_long: a session lasted (or is still open) longer than the company’s max_session_hours, usually a forgotten clock-out; missing_break: continuous work passed break_after_minutes without a pause of min_break_minutes (art. 34.4 ET; under-18s 30 minutes past 4.5 hours); punch_on_day_off: work on a rest day, a holiday or a day of full-day vacation; short_daily_rest: less than the company’s min_daily_rest_hours (12) between the previous day’s last `out` and this day’s first `in` (art. 34.3 ET); long_ordinary_day: more than max_ordinary_day_hours (9; under-18s 8) worked in the day (art. 34.3 ET); short_weekly_rest: the ISO week ending with this day’s last `in` had less than 36 hours of uninterrupted rest, also on average with the week before (under-18s 48 hours every week; art. 37.1 ET); night_average_exceeded: a night worker above 8 hours a day averaged over the days worked in 15 days (art. 36.1 ET); absence_overlaps_work: work on a day of full-day absence other than vacation (sick leave over a worked day), which counts no worked minutes
             * @enum {string}
             */
            type: "session_too_long" | "missing_break" | "punch_on_day_off" | "short_daily_rest" | "long_ordinary_day" | "short_weekly_rest" | "night_average_exceeded" | "absence_overlaps_work";
            /**
             * Format: date-time
             * @description The `in` of the session concerned (the day’s first for punch_on_day_off, missing_break, long_ordinary_day, short_daily_rest, night_average_exceeded and absence_overlaps_work; the day’s last for short_weekly_rest)
             */
            session_started_at: string;
            /** @description The session’s length (up to now when open), the longest stretch worked without the break, the work on the day off or under the absence, the day’s work (long_ordinary_day), the rest before the day (short_daily_rest), the week’s longest uninterrupted rest (short_weekly_rest), or the average day of the days worked in the 15 (night_average_exceeded) */
            minutes: number;
            /** @description What the company or the law allows (a minimum for rests); null for punch_on_day_off and absence_overlaps_work */
            limit_minutes: number | null;
            /**
             * @description Why the day is off, for punch_on_day_off (rest_day, holiday or absence) and absence_overlaps_work (absence); null otherwise
             * @enum {string|null}
             */
            day_off: "rest_day" | "holiday" | "absence" | null;
            /** @description A pending correction touching the session (for session_too_long, the closing one the company proposed or the employee’s answer to it) */
            pending_correction_id: string | null;
        };
        PresenceRow: {
            user_id: string;
            full_name: string;
            /**
             * @description in or on_break while a session is under way (whatever else the day is); otherwise absent (an approved absence covers this moment: a full day, or an hourly one now), holiday, off (the schedule has no work today) or out
             * @enum {string}
             */
            state: "in" | "on_break" | "out" | "absent" | "holiday" | "off";
            /**
             * Format: date-time
             * @description When the state began: the punch (in, on_break), the absence’s start (absent), today’s last clock-out (out; null when there was none today); null for holiday and off
             */
            since: string | null;
            /** @description The session’s modality while in or on a break; null otherwise */
            modality: "onsite" | "remote" | null;
        };
        /** @description A proposed change to an employee’s punches and its trail */
        AttendanceCorrection: {
            id: string;
            user_id: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "cancelled";
            reason: string;
            /** @description As proposed; instants in UTC */
            changes: ({
                /** @enum {string} */
                action: "add";
                /** @enum {string} */
                type: "in" | "out" | "break_start" | "break_end";
                /**
                 * Format: date-time
                 * @description Real moment of the missing punch, with Z or an offset; not in the future
                 * @example 2026-03-02T08:00:00.000Z
                 */
                ts: string;
                /**
                 * @description Only on 'in' (default 'onsite')
                 * @enum {string}
                 */
                modality?: "onsite" | "remote";
            } | {
                /** @enum {string} */
                action: "move";
                /** @description An effective punch of the employee */
                punch_id: string;
                /**
                 * Format: date-time
                 * @description Its right moment; not in the future
                 * @example 2026-03-02T08:00:00.000Z
                 */
                ts: string;
            } | {
                /** @enum {string} */
                action: "void";
                /** @description An effective punch of the employee */
                punch_id: string;
            })[];
            /** @description Acting user who proposed it */
            proposed_by: string;
            /** Format: date-time */
            proposed_at: string;
            /** @description Who approved or rejected it: the employee when someone else proposed it, HR or a supervisor when the employee did */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            decision_note: string | null;
            /**
             * @description Present, as `company_issued`, when the employee gave their decision (their consent) with a credential the company issued and they had not replaced: someone else may have given it. Absent: their own credential, or a decision by HR or a supervisor
             * @enum {string}
             */
            decision_credential_origin?: "company_issued";
            /**
             * Format: date-time
             * @description When the proposer withdrew it
             */
            cancelled_at: string | null;
        };
        /** @description The monthly working-time record of a worker */
        MonthlyReport: {
            user_id: string;
            month: string;
            time_zone: string;
            worker: {
                id: string;
                full_name: string;
                /** @description Shown to the worker, administrators and HR through a key with users.sensitive; null otherwise (and always to inspector keys) */
                dni: string | null;
            };
            /**
             * @description The company’s language, which the PDF is written in
             * @enum {string}
             */
            language: "es" | "en";
            company: {
                /** @description The worker’s employing company (company_name), else the company’s legal_name, else its name */
                name: string;
                /** @description The worker’s company_cif, else the company’s cif */
                cif: string | null;
                /** @description The worker’s work center */
                work_center: {
                    id: string;
                    name: string;
                } | null;
            };
            /** @description Every day of the month; the figures are exactly those of attendance.list */
            days: {
                /** Format: date */
                date: string;
                is_workday: boolean;
                /** @description null when none */
                holiday: {
                    name: string;
                    /** @description The name in Spanish and English where there is one (public holidays); empty for a company holiday, named by `name` */
                    names?: {
                        es?: string;
                        en?: string;
                    };
                    /** @enum {string} */
                    type: "public" | "company";
                } | null;
                /** @description Approved absences on the day */
                absences: {
                    /** @description Absence type key */
                    type: string;
                    label: string;
                    /** @description HH:MM of an hourly absence; null for the whole day */
                    start_time: string | null;
                    end_time: string | null;
                }[];
                /** @description Work sessions that began this day, from its effective punches */
                sessions: {
                    /** Format: date-time */
                    start: string;
                    /**
                     * Format: date-time
                     * @description null while open
                     */
                    end: string | null;
                    /** @enum {string} */
                    modality: "onsite" | "remote";
                    breaks: {
                        /** Format: date-time */
                        start: string;
                        /**
                         * Format: date-time
                         * @description null while open
                         */
                        end: string | null;
                    }[];
                }[];
                /** @enum {string} */
                modality: "onsite" | "remote";
                worked_minutes: number;
                expected_minutes: number;
                balance_minutes: number;
                /** @description The overtime counted on the day on the month’s basis (the day’s positive balance on a daily basis; the week’s on its Sunday, weekly; the month’s on its last day, monthly), as its lots count it. Overtime only: a part-timer’s hours up to full time are complementary_minutes */
                overtime_minutes: number;
                /** @description A part-timer’s complementary hours counted on the day, on the same basis: their hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET); 0 for a full-timer */
                complementary_minutes: number;
                /** @description An approved correction added or moved a punch of the day, or voided or moved one away from it */
                corrected: boolean;
                /** @description The kinds of the day’s anomalies, as attendance.list gives them (the limits of the working day and week: art. 34.3, 34.4, 36.1 and 37.1 ET). They flag the record and never change it; they are judged with the company’s settings as they are now, so a signature does not cover them */
                anomalies: ("session_too_long" | "missing_break" | "punch_on_day_off" | "short_daily_rest" | "long_ordinary_day" | "short_weekly_rest" | "night_average_exceeded" | "absence_overlaps_work")[];
                /** @description Only on days that have any: the instants of the day’s punches the worker made with a credential the company issued and they had not replaced (`credential_origin: "company_issued"` in the punch log): someone else may have made them. Not covered by a signature */
                company_issued_punches?: string[];
            }[];
            totals: {
                worked_minutes: number;
                expected_minutes: number;
                balance_minutes: number;
                /** @description Sum of the days’ overtime_minutes */
                overtime_minutes: number;
                /** @description Sum of the days’ complementary_minutes: ordinary and complementary hours totalled apart, as art. 12.4.c ET requires of a part-timer’s record */
                complementary_minutes: number;
                worked_days: number;
                expected_days: number;
            };
            /** @description Expected minutes of the days up to today in the zone: the days before today in full, today only as far as it has been worked (up to its expected). Equal to expected_minutes once the last day is over; 0 before the first */
            expected_to_date_minutes: number;
            /** @description Worked minutes of the days up to today less expected_to_date_minutes: the balance so far, with days still to come planned, not owed */
            balance_to_date_minutes: number;
            /** @description Corrections touching the month, in any status, in the order proposed, with their trail */
            corrections: {
                id: string;
                user_id: string;
                /** @enum {string} */
                status: "pending" | "approved" | "rejected" | "cancelled";
                reason: string;
                /** @description As proposed; instants in UTC */
                changes: ({
                    /** @enum {string} */
                    action: "add";
                    /** @enum {string} */
                    type: "in" | "out" | "break_start" | "break_end";
                    /**
                     * Format: date-time
                     * @description Real moment of the missing punch, with Z or an offset; not in the future
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    ts: string;
                    /**
                     * @description Only on 'in' (default 'onsite')
                     * @enum {string}
                     */
                    modality?: "onsite" | "remote";
                } | {
                    /** @enum {string} */
                    action: "move";
                    /** @description An effective punch of the employee */
                    punch_id: string;
                    /**
                     * Format: date-time
                     * @description Its right moment; not in the future
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    ts: string;
                } | {
                    /** @enum {string} */
                    action: "void";
                    /** @description An effective punch of the employee */
                    punch_id: string;
                })[];
                /** @description Acting user who proposed it */
                proposed_by: string;
                /** Format: date-time */
                proposed_at: string;
                /** @description Who approved or rejected it: the employee when someone else proposed it, HR or a supervisor when the employee did */
                decided_by: string | null;
                /** Format: date-time */
                decided_at: string | null;
                decision_note: string | null;
                /**
                 * @description Present, as `company_issued`, when the employee gave their decision (their consent) with a credential the company issued and they had not replaced: someone else may have given it. Absent: their own credential, or a decision by HR or a supervisor
                 * @enum {string}
                 */
                decision_credential_origin?: "company_issued";
                /**
                 * Format: date-time
                 * @description When the proposer withdrew it
                 */
                cancelled_at: string | null;
                /** @description The proposer’s name; the company’s for a proposal it made by its policy */
                proposed_by_name: string | null;
                decided_by_name: string | null;
                /** @description What each change does, in the order of `changes`: a moved punch from where to where */
                effects: {
                    /** @enum {string} */
                    action: "add" | "move" | "void";
                    /** @enum {string} */
                    type: "in" | "out" | "break_start" | "break_end";
                    /**
                     * Format: date-time
                     * @description Where the moved or voided punch was; null for add
                     */
                    from: string | null;
                    /**
                     * Format: date-time
                     * @description Where the punch goes; null for void
                     */
                    to: string | null;
                }[];
            }[];
            /** @description The last link of the worker’s hash chain when the report was built */
            chain_head: {
                seq: number;
                hash: string;
            } | null;
            /** Format: date-time */
            generated_at: string;
            /** @description Overtime (art. 35 ET): the summary handed to the worker with the month’s record. Not part of the signed content: decisions on lots do not supersede a signature */
            overtime: {
                /**
                 * @description The basis the month’s overtime is counted on: that of its lots, else the company’s. The report’s daily and total overtime follow it
                 * @enum {string}
                 */
                basis: "daily" | "weekly" | "monthly";
                /** @description Of this month’s lots, the minutes worked as a minor (art. 6.3 ET forbids them any overtime) */
                violation_minutes: number;
                /** @description The lots of this month (its first lot and any adjustment); none until the month has ended, or when it had no overtime */
                lots: {
                    id: string;
                    user_id: string;
                    /** @description YYYY-MM: the month the overtime was worked */
                    month: string;
                    /**
                     * @description overtime (art. 35 ET), or complementary: a part-timer’s hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET), which are not overtime: never toward the annual cap, paid as ordinary hours. Each kind of a month is its own lot
                     * @enum {string}
                     */
                    kind: "overtime" | "complementary";
                    /** @description Overtime minutes of the month on the company’s basis. A pending lot follows the record; a decided one never changes. An adjustment (adjusts not null) may be negative */
                    minutes: number;
                    /** @description When the lot’s minutes were worked (art. 35.1 ET), in date order: its deadlines run from the first. Empty for a lot proposed before lots kept their days, whose deadlines run from the end of its month */
                    days: {
                        /**
                         * Format: date
                         * @description The day (daily basis), the ISO week’s Sunday (weekly) or the month’s last day (monthly)
                         */
                        date: string;
                        /** @description Overtime counted on it; negative in an adjustment that takes minutes away */
                        minutes: number;
                    }[];
                    /**
                     * @description The basis the month was counted on: the company’s when its first lot was proposed, kept by its adjustments if the policy changes
                     * @enum {string}
                     */
                    basis: "daily" | "weekly" | "monthly";
                    /**
                     * @description A lot is a fact of the record, never rejected (art. 35 ET): pending until approved with its compensation
                     * @enum {string}
                     */
                    status: "pending" | "approved";
                    /** @description rest or pay, set when the lot is approved (null while pending) */
                    compensation: "rest" | "pay" | null;
                    /** @description Approved as force majeure (art. 35.3): outside the annual cap and allowed to anyone */
                    force_majeure: boolean;
                    /**
                     * Format: date
                     * @description When the hours were worked (the first of days[]) plus the employee’s comp_expiry, the same day number (5 October with P4M: 5 February): rest must be taken by then (art. 35.1 ET). An adjustment gets at least that long from the end of the month it was proposed in
                     */
                    compensate_by: string;
                    /** @description Rest taken for it through approved overtime_rest absences whose last day has passed (in the company’s zone): rest counts once taken */
                    rested_minutes: number;
                    /** @description Rest approved for it on days still to come: it counts as rested once its last day has passed */
                    scheduled_rest_minutes: number;
                    /** @description Paid, through POST /overtime/lots/{id}/pay */
                    paid_minutes: number;
                    /** @description Still to be compensated: minutes less rest taken or scheduled and pay made (0 unless approved) */
                    owed_minutes: number;
                    /** @description A rest lot past compensate_by with rest still owed */
                    overdue: boolean;
                    /** @description For a later change of a month already decided, the id of the month’s first lot */
                    adjusts: string | null;
                    /** @description Who approved it; "company" when approved by the automatic policy or as a reduction */
                    decided_by: string | null;
                    /** Format: date-time */
                    decided_at: string | null;
                    /** Format: date-time */
                    created_at: string;
                }[];
                /** @description Rest still owed when the report was generated, on lots of any month, due first first */
                owed_rest: {
                    lot_id: string;
                    /** @description The month the overtime was worked */
                    month: string;
                    owed_minutes: number;
                    /** Format: date */
                    compensate_by: string;
                    overdue: boolean;
                }[];
                /** @description The report’s year toward the annual cap, and a part-timer’s complementary hours */
                year: {
                    year: number;
                    approved_minutes: number;
                    /** @description Counts toward the annual cap (art. 35.2 ET): paid, or rest not taken within four months */
                    counted_toward_cap_minutes: number;
                    /** @description May still count toward the cap: pending, or rest still owed within the four months (art. 35.2 ET) */
                    at_risk_minutes: number;
                    cap_minutes: number;
                    /** @description Counted beyond the cap: flagged, never refused */
                    over_cap_minutes: number;
                    /** @description The year’s overtime worked as a minor (art. 6.3 ET) */
                    violation_minutes: number;
                    /** @description A schedule below the company’s full-time week in the report’s month (art. 12 ET): their extra hours are complementary hours, and overtime only in force majeure (art. 12.4.c) */
                    part_time: boolean;
                    /** @description The year’s complementary hours (art. 12.5 ET), pending and approved: a part-timer’s hours beyond their schedule up to the company’s full-time week */
                    complementary_minutes: number;
                    /** @description What the pact allows: (complementary_pact_percent + complementary_voluntary_percent) % of the year’s ordinary hours of the contract (their schedule’s week over the year’s weeks, reduced for days not employed as the cap is) */
                    complementary_limit_minutes: number;
                    /** @description complementary_minutes beyond complementary_limit_minutes: flagged, never refused (the hours were worked). With no pact, every complementary minute */
                    over_pact_minutes: number;
                    /** @description A pact (complementary_pact_percent > 0) on a schedule of less than 10 hours a week: art. 12.5.a ET allows none. Flagged, never refused */
                    pact_below_minimum_hours: boolean;
                };
            };
            /** @description SHA-256 of the canonical JSON of { user_id, month, time_zone, days, totals }: equal to signature.sha256 while the signed record is unchanged */
            content_sha256: string;
            /** @description The worker’s latest signature of the month; null when never signed */
            signature: {
                id: string;
                user_id: string;
                month: string;
                /** @description The zone of the signed record */
                time_zone: string;
                /** @description SHA-256 (hex) of the canonical JSON of { user_id, month, time_zone, days, totals } as signed */
                sha256: string;
                /** Format: date-time */
                signed_at: string;
                /**
                 * @description 'valid' while the record still hashes to `sha256`; 'superseded' once a later change (an approved correction, an absence recorded afterwards) altered it. Kept either way.
                 * @enum {string}
                 */
                status: "valid" | "superseded";
                /** @description What changed the month after the signature: the approved correction (cor_…) or the absence recorded afterwards (abs_…) decided last */
                superseded_by: string | null;
                /**
                 * @description Present, as `company_issued`, when the worker signed with a credential the company issued and they had not replaced: someone else may have signed. Absent: their own credential
                 * @enum {string}
                 */
                credential_origin?: "company_issued";
            } | null;
        };
        MonthSignature: {
            id: string;
            user_id: string;
            month: string;
            /** @description The zone of the signed record */
            time_zone: string;
            /** @description SHA-256 (hex) of the canonical JSON of { user_id, month, time_zone, days, totals } as signed */
            sha256: string;
            /** Format: date-time */
            signed_at: string;
            /**
             * @description 'valid' while the record still hashes to `sha256`; 'superseded' once a later change (an approved correction, an absence recorded afterwards) altered it. Kept either way.
             * @enum {string}
             */
            status: "valid" | "superseded";
            /** @description What changed the month after the signature: the approved correction (cor_…) or the absence recorded afterwards (abs_…) decided last */
            superseded_by: string | null;
            /**
             * @description Present, as `company_issued`, when the worker signed with a credential the company issued and they had not replaced: someone else may have signed. Absent: their own credential
             * @enum {string}
             */
            credential_origin?: "company_issued";
        };
        /** @description The company’s monthly totals: what workers’ representatives, administrators, HR and inspector keys read for the whole company */
        CompanyReport: {
            month: string;
            time_zone: string;
            /** @enum {string} */
            language: "es" | "en";
            company: {
                name: string;
                cif: string | null;
            };
            /** @description Every employee employed on a day of the month (or who worked in it) that the caller may see, in name order: the month’s totals and figures to date only, no punches, no absence types, no personal data */
            employees: {
                user_id: string;
                full_name: string;
                worked_minutes: number;
                expected_minutes: number;
                balance_minutes: number;
                /** @description Sum of the days’ overtime_minutes */
                overtime_minutes: number;
                /** @description Sum of the days’ complementary_minutes: ordinary and complementary hours totalled apart, as art. 12.4.c ET requires of a part-timer’s record */
                complementary_minutes: number;
                worked_days: number;
                expected_days: number;
                /** @description Expected minutes of the days up to today in the zone: the days before today in full, today only as far as it has been worked (up to its expected). Equal to expected_minutes once the last day is over; 0 before the first */
                expected_to_date_minutes: number;
                /** @description Worked minutes of the days up to today less expected_to_date_minutes: the balance so far, with days still to come planned, not owed */
                balance_to_date_minutes: number;
            }[];
            totals: {
                worked_minutes: number;
                expected_minutes: number;
                balance_minutes: number;
                /** @description Sum of the days’ overtime_minutes */
                overtime_minutes: number;
                /** @description Sum of the days’ complementary_minutes: ordinary and complementary hours totalled apart, as art. 12.4.c ET requires of a part-timer’s record */
                complementary_minutes: number;
                worked_days: number;
                expected_days: number;
                /** @description Expected minutes of the days up to today in the zone: the days before today in full, today only as far as it has been worked (up to its expected). Equal to expected_minutes once the last day is over; 0 before the first */
                expected_to_date_minutes: number;
                /** @description Worked minutes of the days up to today less expected_to_date_minutes: the balance so far, with days still to come planned, not owed */
                balance_to_date_minutes: number;
            };
            /** Format: date-time */
            generated_at: string;
        };
        RecordKey: {
            /** @description `rk_` and the first 16 hex digits of the SHA-256 of the raw public key */
            id: string;
            /** @enum {string} */
            algorithm: "Ed25519";
            /** @description The raw 32-byte public key, base64: what `jornada record verify --public-key` takes */
            public_key: string;
            /** @description The same key as PEM (SubjectPublicKeyInfo) */
            public_key_pem: string;
            /** Format: date-time */
            valid_from: string;
            /**
             * Format: date-time
             * @description When it was rotated; null for the current key, the one that signs new exports
             */
            valid_until: string | null;
        };
        /** @description An expense of an employee; money as integers of minor units */
        Expense: {
            id: string;
            /** @description Employee who incurred the expense */
            user_id: string;
            /**
             * @description 'imported': entered through an import (the only status so far)
             * @enum {string}
             */
            status: "imported";
            merchant: string;
            /**
             * Format: date
             * @description Day of the expense, YYYY-MM-DD
             */
            expense_date: string;
            /** @description Amount in minor units of `currency` (cents for EUR, yen for JPY, fils for KWD) */
            amount: number;
            /** @description ISO 4217 code */
            currency: string;
            /** @description Euro equivalent in cents */
            amount_eur: number;
            /** @description Taxes included in the amount */
            taxes: {
                rate_percent: number;
                /** @description Minor units of `currency` */
                amount: number;
            }[];
            category: {
                key: string;
                label: string;
            };
            /** @description Matched with a bank movement */
            reconciled: boolean;
            /** Format: date-time */
            created_at: string;
        };
        Project: {
            id: string;
            /** @description Short code, unique in the company */
            code: string;
            name: string;
            /** @description An inactive project accepts no new allocations */
            active: boolean;
            /** Format: date-time */
            created_at: string;
        };
        Allocation: {
            id: string;
            user_id: string;
            /**
             * Format: date
             * @description Local day of `start` in the zone given at creation (default the company’s)
             */
            date: string;
            /** Format: date-time */
            start: string;
            /** Format: date-time */
            end: string;
            /** @description Length of the span, floored to whole minutes */
            minutes: number;
            /** @description null when allocated to other tasks */
            project: {
                id: string;
                code: string;
                name: string;
            } | null;
            /** @description Free text for 'other tasks'; null when a project is given */
            note: string | null;
            comment: string | null;
            /** @description 'manual' for allocations made through the API */
            source: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Request and decision notes are stored but never returned */
        Absence: {
            id: string;
            user_id: string;
            type: {
                key: string;
                label: string;
            };
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "cancelled";
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description Inclusive
             */
            end_date: string;
            /** @description HH:MM; hourly absences only */
            start_time: string | null;
            /** @description HH:MM; hourly absences only */
            end_time: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description null while pending; the creation time when approved at once
             */
            decided_at: string | null;
            /** @description Approved vacation only (empty otherwise): the approved absences over it that interrupt it (art. 38.3 ET), in date order, each clipped to the vacation’s dates. The vacation keeps its own dates; those days go back to the balance. */
            interrupted_by: {
                /** @description The absence that interrupts the vacation (sick leave, say) */
                absence_id: string;
                type: {
                    key: string;
                    label: string;
                };
                /**
                 * Format: date
                 * @description First day of the vacation it covers
                 */
                start_date: string;
                /**
                 * Format: date
                 * @description Last day of the vacation it covers, included
                 */
                end_date: string;
            }[];
        };
        AbsenceType: {
            key: string;
            label: string;
            /** @description The type’s name in Spanish and English, as far as the company gives them (both for the built-in types); a client shows the one of its person’s language, else `label` */
            labels: {
                es?: string;
                en?: string;
            };
            /** @description false: requests are approved at once */
            requires_approval: boolean;
            /** @description Requests may cover part of one day (start_time/end_time) */
            allows_hourly: boolean;
            /** @description Days requested count against vacation_days (working or calendar days, as the company’s vacation_unit says) */
            consumes_vacation: boolean;
            /** @description Art. 38.3 ET: a full-day absence of this type may be recorded over approved vacation, whose days it covers go back to the balance (true for the built-in sick leave) */
            interrupts_vacation: boolean;
        };
        VacationBalance: {
            user_id: string;
            year: number;
            /** @description The employee’s vacation days for a whole year (their own figure or the company’s) */
            annual: number;
            /** @description Days of the year the employee is employed (hire date, employment periods) */
            employed_days: number;
            /** @description Vacation days of this year: annual × employed_days ÷ days of the year, rounded as the company’s vacation_rounding says (annual when employed the whole year) */
            entitled: number;
            /**
             * @description What the days are: the company’s vacation_unit (art. 38.1 ET)
             * @enum {string}
             */
            unit: "working_days" | "calendar_days";
            /** @description Days of approved vacation in the year, less the interrupted ones */
            approved: number;
            /** @description Days of pending vacation in the year */
            pending: number;
            /** @description Days of the year’s vacation interrupted by an absence over it (sick leave, art. 38.3 ET): given back, counted in neither approved nor pending */
            interrupted: number;
            /** @description Art. 38.3 ET: days returned by an interruption in an earlier year and not taken in it, carried on for 18 months after that year’s end; vacation beyond this year’s own days draws on them, the ones due soonest first */
            carried_in: {
                /** @description The year the days were returned in */
                year: number;
                /** @description Days still to be taken at the start of this year */
                days: number;
                /**
                 * Format: date
                 * @description Last day they may be taken: 30 June of year + 2
                 */
                until: string;
            }[];
            /** @description entitled + carried_in days - approved - pending */
            remaining: number;
        };
        /** @description Decision notes are stored but never returned */
        OvertimeLot: {
            id: string;
            user_id: string;
            /** @description YYYY-MM: the month the overtime was worked */
            month: string;
            /**
             * @description overtime (art. 35 ET), or complementary: a part-timer’s hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET), which are not overtime: never toward the annual cap, paid as ordinary hours. Each kind of a month is its own lot
             * @enum {string}
             */
            kind: "overtime" | "complementary";
            /** @description Overtime minutes of the month on the company’s basis. A pending lot follows the record; a decided one never changes. An adjustment (adjusts not null) may be negative */
            minutes: number;
            /** @description When the lot’s minutes were worked (art. 35.1 ET), in date order: its deadlines run from the first. Empty for a lot proposed before lots kept their days, whose deadlines run from the end of its month */
            days: {
                /**
                 * Format: date
                 * @description The day (daily basis), the ISO week’s Sunday (weekly) or the month’s last day (monthly)
                 */
                date: string;
                /** @description Overtime counted on it; negative in an adjustment that takes minutes away */
                minutes: number;
            }[];
            /**
             * @description The basis the month was counted on: the company’s when its first lot was proposed, kept by its adjustments if the policy changes
             * @enum {string}
             */
            basis: "daily" | "weekly" | "monthly";
            /**
             * @description A lot is a fact of the record, never rejected (art. 35 ET): pending until approved with its compensation
             * @enum {string}
             */
            status: "pending" | "approved";
            /** @description rest or pay, set when the lot is approved (null while pending) */
            compensation: "rest" | "pay" | null;
            /** @description Approved as force majeure (art. 35.3): outside the annual cap and allowed to anyone */
            force_majeure: boolean;
            /**
             * Format: date
             * @description When the hours were worked (the first of days[]) plus the employee’s comp_expiry, the same day number (5 October with P4M: 5 February): rest must be taken by then (art. 35.1 ET). An adjustment gets at least that long from the end of the month it was proposed in
             */
            compensate_by: string;
            /** @description Rest taken for it through approved overtime_rest absences whose last day has passed (in the company’s zone): rest counts once taken */
            rested_minutes: number;
            /** @description Rest approved for it on days still to come: it counts as rested once its last day has passed */
            scheduled_rest_minutes: number;
            /** @description Paid, through POST /overtime/lots/{id}/pay */
            paid_minutes: number;
            /** @description Still to be compensated: minutes less rest taken or scheduled and pay made (0 unless approved) */
            owed_minutes: number;
            /** @description A rest lot past compensate_by with rest still owed */
            overdue: boolean;
            /** @description For a later change of a month already decided, the id of the month’s first lot */
            adjusts: string | null;
            /** @description Who approved it; "company" when approved by the automatic policy or as a reduction */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description The year’s overtime (lots of kind overtime) and, apart, a part-timer’s complementary hours (art. 12.5 ET), which are not overtime */
        OvertimeBalance: {
            user_id: string;
            year: number;
            /** @description Rest still owed today on approved rest lots of any year (overdue included) */
            owed_rest_minutes: number;
            /** @description Of owed_rest_minutes, what is past its lot’s compensate_by */
            overdue_minutes: number;
            /**
             * Format: date
             * @description The earliest compensate_by of a lot that still owes rest and is not overdue
             */
            next_deadline: string | null;
            /** @description Approved pay overtime lots of any year not paid yet */
            owed_pay_minutes: number;
            /** @description Minutes of the year’s overtime lots waiting for a decision */
            pending_minutes: number;
            /** @description Minutes of the year’s approved overtime lots */
            approved_minutes: number;
            /** @description Paid on the year’s overtime lots */
            paid_minutes: number;
            /** @description Rest taken for the year’s lots, on days that have passed */
            rested_minutes: number;
            /** @description Rest approved for the year’s lots on days still to come (today included) */
            scheduled_rest_minutes: number;
            /** @description The year’s minutes the annual cap counts (art. 35.2): approved as pay, paid, and rest not taken within four months of when the hours were worked; never force majeure */
            counted_toward_cap_minutes: number;
            /** @description The year’s minutes that will count toward the cap unless rested in time: pending lots, and rest still owed within the four months */
            at_risk_minutes: number;
            /** @description counted_toward_cap_minutes beyond cap_minutes: flagged, never refused (the hours were worked and are owed) */
            over_cap_minutes: number;
            /** @description The year’s overtime worked as a minor (art. 6.3 ET forbids it, force majeure included): its lots stay pending and are paid as wages due */
            violation_minutes: number;
            /** @description The annual cap: the company’s annual_cap_hours, pro rata for a part-time schedule */
            cap_minutes: number;
            /** @description The year’s complementary hours (art. 12.5 ET), pending and approved: a part-timer’s hours beyond their schedule up to the company’s full-time week */
            complementary_minutes: number;
            /** @description What the pact allows: (complementary_pact_percent + complementary_voluntary_percent) % of the year’s ordinary hours of the contract (their schedule’s week over the year’s weeks, reduced for days not employed as the cap is) */
            complementary_limit_minutes: number;
            /** @description complementary_minutes beyond complementary_limit_minutes: flagged, never refused (the hours were worked). With no pact, every complementary minute */
            over_pact_minutes: number;
            /** @description A pact (complementary_pact_percent > 0) on a schedule of less than 10 hours a week: art. 12.5.a ET allows none. Flagged, never refused */
            pact_below_minimum_hours: boolean;
        };
        /** @description The month’s overtime per employee and its compensation: what workers’ representatives are told every month (RD 1561/1995, additional provision 3) */
        OvertimeReport: {
            month: string;
            /** @enum {string} */
            basis: "daily" | "weekly" | "monthly";
            /** @description Whose report it is: the heading of the PDF */
            company: {
                /** @description The company’s legal name when it has one, else its name */
                name: string;
                /** @description The company’s tax id (CIF), when set */
                cif: string | null;
            };
            /**
             * @description The company’s language, which the PDF and the CSV headers are written in
             * @enum {string}
             */
            language: "es" | "en";
            /** @description Every employee the caller may see with overtime in the month, in name order */
            employees: {
                user_id: string;
                full_name: string;
                /** @description The month’s overtime waiting for a decision */
                pending_minutes: number;
                /** @description Approved (adjustments included) */
                approved_minutes: number;
                /** @description Of approved_minutes, approved as force majeure (art. 35.3) */
                force_majeure_minutes: number;
                /** @description Of approved_minutes, compensated by rest */
                rest_minutes: number;
                /** @description Of approved_minutes, compensated by pay */
                pay_minutes: number;
                /** @description Rest taken so far for the month’s lots, on days that have passed */
                rested_minutes: number;
                /** @description Rest approved for the month’s lots on days still to come */
                scheduled_rest_minutes: number;
                /** @description Paid so far for the month’s lots */
                paid_minutes: number;
                /** @description Still to be compensated, by rest or pay */
                owed_minutes: number;
                /** @description Of owed_minutes, rest past its deadline */
                overdue_minutes: number;
                /** @description The month’s overtime of a minor (art. 6.3 ET forbids it, force majeure included): recorded, payable as wages due, never approved */
                violation_minutes: number;
                /** @description The month’s complementary hours of part-timers (art. 12.5 ET), pending and approved: not overtime, so in none of the figures above */
                complementary_minutes: number;
                /** @description The year so far toward the annual cap */
                year_counted_toward_cap_minutes: number;
                /** @description The year’s minutes that may still count toward the cap: pending, or rest still owed within the four months (art. 35.2 ET) */
                year_at_risk_minutes: number;
                cap_minutes: number;
                /** @description The year so far beyond the annual cap (art. 35.2): flagged, never refused */
                year_over_cap_minutes: number;
                /** @description The month’s lots: its first lot and any adjustment */
                lots: components["schemas"]["OvertimeLot"][];
            }[];
            totals: {
                /** @description The month’s overtime waiting for a decision */
                pending_minutes: number;
                /** @description Approved (adjustments included) */
                approved_minutes: number;
                /** @description Of approved_minutes, approved as force majeure (art. 35.3) */
                force_majeure_minutes: number;
                /** @description Of approved_minutes, compensated by rest */
                rest_minutes: number;
                /** @description Of approved_minutes, compensated by pay */
                pay_minutes: number;
                /** @description Rest taken so far for the month’s lots, on days that have passed */
                rested_minutes: number;
                /** @description Rest approved for the month’s lots on days still to come */
                scheduled_rest_minutes: number;
                /** @description Paid so far for the month’s lots */
                paid_minutes: number;
                /** @description Still to be compensated, by rest or pay */
                owed_minutes: number;
                /** @description Of owed_minutes, rest past its deadline */
                overdue_minutes: number;
                /** @description The month’s overtime of a minor (art. 6.3 ET forbids it, force majeure included): recorded, payable as wages due, never approved */
                violation_minutes: number;
                /** @description The month’s complementary hours of part-timers (art. 12.5 ET), pending and approved: not overtime, so in none of the figures above */
                complementary_minutes: number;
            };
            /** Format: date-time */
            generated_at: string;
        };
        /** @description A calendar subscription; its address holds a secret shown only when it is made */
        CalendarFeed: {
            id: string;
            /**
             * @description me: your own absences; team: yours and those of everyone below you in the manager chain; company: every active employee’s (HR and administrators only)
             * @enum {string}
             */
            scope: "me" | "team" | "company";
            /** @description Titles name vacation (the types that consume vacation days); every other absence reads "Out of office", as all do without it, so that sick leave cannot be told apart */
            show_types: boolean;
            /** Format: date-time */
            created_at: string;
        };
        CreatedCalendarFeed: {
            id: string;
            /**
             * @description me: your own absences; team: yours and those of everyone below you in the manager chain; company: every active employee’s (HR and administrators only)
             * @enum {string}
             */
            scope: "me" | "team" | "company";
            /** @description Titles name vacation (the types that consume vacation days); every other absence reads "Out of office", as all do without it, so that sick leave cannot be told apart */
            show_types: boolean;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: uri
             * @description The address to subscribe to in a calendar application (webcal clients take it as is). It is the feed’s only credential: shown once, stored as a hash
             */
            url: string;
        };
        /** @description A span of days over which one schedule, in one version, applied to the employee */
        SchedulePeriod: {
            /**
             * Format: date
             * @description First day; null: since always
             */
            effective_from: string | null;
            /**
             * Format: date
             * @description Last day, included; null: still in force
             */
            effective_to: string | null;
            /** @description null when no schedule applied (nothing expected) */
            schedule_id: string | null;
            schedule_name: string | null;
            /**
             * @description 'own': assigned to the employee; 'company_default': the company’s default applied
             * @enum {string}
             */
            origin: "own" | "company_default";
            /** @description Expected minutes of work for each ISO weekday (0 = not a working day) */
            weekday_minutes: {
                mon: number;
                tue: number;
                wed: number;
                thu: number;
                fri: number;
                sat: number;
                sun: number;
            };
        };
        /** @description An API key; its secret is shown only once, when it is created */
        ApiKey: {
            /** @description Also the first part of the key itself (jnd_<id>_<secret>) */
            id: string;
            name: string;
            /**
             * @description 'inspector': read-only access to the time record for the Labour Inspectorate or workers' representatives; expires within 90 days, every request is in the access log, never sees personal data
             * @enum {string}
             */
            kind: "standard" | "inspector";
            scopes: string[];
            /** @description The user whose permissions authorise what the key does */
            acts_as_user_id: string;
            /** @description The person who created it with a credential of their own (session or personal key); null when a program’s key or the command line did */
            created_by_user_id: string | null;
            /** @description Created by the person it acts as: it may act as them personally (clock in, sign their month, consent to a correction) */
            personal: boolean;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Updated at most once a minute
             */
            last_used_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description Revoked by an administrator, or by the deactivation of the user it acts as
             */
            revoked_at: string | null;
        };
        CreatedApiKey: {
            /** @description Also the first part of the key itself (jnd_<id>_<secret>) */
            id: string;
            name: string;
            /**
             * @description 'inspector': read-only access to the time record for the Labour Inspectorate or workers' representatives; expires within 90 days, every request is in the access log, never sees personal data
             * @enum {string}
             */
            kind: "standard" | "inspector";
            scopes: string[];
            /** @description The user whose permissions authorise what the key does */
            acts_as_user_id: string;
            /** @description The person who created it with a credential of their own (session or personal key); null when a program’s key or the command line did */
            created_by_user_id: string | null;
            /** @description Created by the person it acts as: it may act as them personally (clock in, sign their month, consent to a correction) */
            personal: boolean;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Updated at most once a minute
             */
            last_used_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description Revoked by an administrator, or by the deactivation of the user it acts as
             */
            revoked_at: string | null;
            /** @description The key to send as `Authorization: Bearer <api_key>`; shown this once, never stored */
            api_key: string;
        };
        AuditEntry: {
            id: string;
            /**
             * Format: date-time
             * @description When the write was made
             */
            at: string;
            /**
             * @description Through the API or the command line
             * @enum {string}
             */
            source: "api" | "cli";
            /** @description The API key used; null from the command line */
            key_id: string | null;
            /** @description The acting user; null from the command line */
            user_id: string | null;
            /** @description The operation (scope name), e.g. users.update; CLI commands as keys.create, tenants.create ... */
            operation: string;
            /** @description The resource written, when there is one */
            resource_id: string | null;
            /** @description Names of the fields the write sent; never their values */
            fields: string[];
        };
        AccessEntry: {
            id: string;
            /**
             * Format: date-time
             * @description When the answer was complete
             */
            at: string;
            /** @description The inspector key used */
            key_id: string;
            /** @description The user the key acts as */
            user_id: string;
            method: string;
            /** @description The route template, e.g. /api/v1/attendance/reports/monthly */
            route: string;
            /** @description HTTP status of the answer */
            status: number;
            /** @description Employees whose records the request read (none when it was refused) */
            user_ids: string[];
        };
        /** @description Who made the change */
        EventActor: {
            /** @description The acting user; null for the command line and the company acting by its policy */
            user_id: string | null;
            /** @description The API key used; null for the command line and the company acting by its policy */
            key_id: string | null;
        };
        /** @description A session left open past the company’s limit */
        SessionTooLongAnomaly: {
            user_id: string;
            /** @enum {string} */
            type: "session_too_long";
            /**
             * Format: date-time
             * @description The `in` of the session left open
             */
            session_started_at: string;
            /** @description How long the session had lasted when it was found */
            minutes: number;
            /** @description The company’s `max_session_hours`, in minutes */
            limit_minutes: number;
            /** @description The closing correction the company proposed */
            correction_id: string;
            /** @description The `out` that correction proposes */
            proposed_out_at: string | null;
        };
        /** @description An employee’s year went over the annual cap of overtime */
        OvertimeCapExceeded: {
            user_id: string;
            year: number;
            /** @description The year’s overtime minutes that count toward the cap */
            counted_toward_cap_minutes: number;
            /** @description The annual cap (80 hours, art. 35.2 ET), in minutes */
            cap_minutes: number;
            /** @description How far over the cap */
            over_cap_minutes: number;
        };
        /** @description The `user.created` event */
        UserCreatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "user.created";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["UserFull"];
        };
        /** @description The `user.updated` event */
        UserUpdatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "user.updated";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["UserFull"];
        };
        /** @description The `user.deactivated` event */
        UserDeactivatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "user.deactivated";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["UserFull"];
        };
        /** @description The `user.reactivated` event */
        UserReactivatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "user.reactivated";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["UserFull"];
        };
        /** @description The `user.invited` event */
        UserInvitedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "user.invited";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Invitation"];
        };
        /** @description The `punch.created` event */
        PunchCreatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "punch.created";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Punch"];
        };
        /** @description The `attendance.anomaly_detected` event */
        AttendanceAnomalyDetectedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "attendance.anomaly_detected";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["SessionTooLongAnomaly"];
        };
        /** @description The `absence.created` event */
        AbsenceCreatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "absence.created";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Absence"];
        };
        /** @description The `absence.approved` event */
        AbsenceApprovedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "absence.approved";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Absence"];
        };
        /** @description The `absence.rejected` event */
        AbsenceRejectedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "absence.rejected";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Absence"];
        };
        /** @description The `absence.cancelled` event */
        AbsenceCancelledEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "absence.cancelled";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Absence"];
        };
        /** @description The `correction.proposed` event */
        CorrectionProposedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "correction.proposed";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["AttendanceCorrection"];
        };
        /** @description The `correction.approved` event */
        CorrectionApprovedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "correction.approved";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["AttendanceCorrection"];
        };
        /** @description The `correction.rejected` event */
        CorrectionRejectedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "correction.rejected";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["AttendanceCorrection"];
        };
        /** @description The `allocation.created` event */
        AllocationCreatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.created";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Allocation"];
        };
        /** @description The `allocation.deleted` event */
        AllocationDeletedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.deleted";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Allocation"];
        };
        /** @description The `expense.created` event */
        ExpenseCreatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "expense.created";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["Expense"];
        };
        /** @description The `overtime.lot_proposed` event */
        OvertimeLotProposedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.lot_proposed";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeLot"];
        };
        /** @description The `overtime.lot_updated` event */
        OvertimeLotUpdatedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.lot_updated";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeLot"];
        };
        /** @description The `overtime.lot_approved` event */
        OvertimeLotApprovedEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.lot_approved";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeLot"];
        };
        /** @description The `overtime.lot_paid` event */
        OvertimeLotPaidEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.lot_paid";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeLot"];
        };
        /** @description The `overtime.compensation_overdue` event */
        OvertimeCompensationOverdueEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.compensation_overdue";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeLot"];
        };
        /** @description The `overtime.cap_exceeded` event */
        OvertimeCapExceededEvent: {
            /** @description evt_…; also the cursor to read on from (`after`) */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "overtime.cap_exceeded";
            /**
             * Format: date-time
             * @description When the change was made
             */
            occurred_at: string;
            tenant_id: string;
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["OvertimeCapExceeded"];
        };
        /** @description A change of state: its envelope, with the resource as the API returns it after the change in `data` (sensitive user fields are always null) */
        Event: components["schemas"]["UserCreatedEvent"] | components["schemas"]["UserUpdatedEvent"] | components["schemas"]["UserDeactivatedEvent"] | components["schemas"]["UserReactivatedEvent"] | components["schemas"]["UserInvitedEvent"] | components["schemas"]["PunchCreatedEvent"] | components["schemas"]["AttendanceAnomalyDetectedEvent"] | components["schemas"]["AbsenceCreatedEvent"] | components["schemas"]["AbsenceApprovedEvent"] | components["schemas"]["AbsenceRejectedEvent"] | components["schemas"]["AbsenceCancelledEvent"] | components["schemas"]["CorrectionProposedEvent"] | components["schemas"]["CorrectionApprovedEvent"] | components["schemas"]["CorrectionRejectedEvent"] | components["schemas"]["AllocationCreatedEvent"] | components["schemas"]["AllocationDeletedEvent"] | components["schemas"]["ExpenseCreatedEvent"] | components["schemas"]["OvertimeLotProposedEvent"] | components["schemas"]["OvertimeLotUpdatedEvent"] | components["schemas"]["OvertimeLotApprovedEvent"] | components["schemas"]["OvertimeLotPaidEvent"] | components["schemas"]["OvertimeCompensationOverdueEvent"] | components["schemas"]["OvertimeCapExceededEvent"];
        /** @description A subscription to the company’s events; its secret is shown only when it is created */
        Webhook: {
            id: string;
            /** @description Where events are POSTed */
            url: string;
            description: string | null;
            events: string[];
            /** @description Inactive subscriptions receive nothing; events that happen meanwhile are not sent later */
            active: boolean;
            /** @description Why it is inactive: 'manual' (set `active: false`), or 'failing' (deactivated after three days of failed deliveries; set `active: true` to resume) */
            disabled_reason: "manual" | "failing" | null;
            /**
             * Format: date-time
             * @description The first failed attempt since the last delivered one
             */
            failing_since: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreatedWebhook: {
            id: string;
            /** @description Where events are POSTed */
            url: string;
            description: string | null;
            events: string[];
            /** @description Inactive subscriptions receive nothing; events that happen meanwhile are not sent later */
            active: boolean;
            /** @description Why it is inactive: 'manual' (set `active: false`), or 'failing' (deactivated after three days of failed deliveries; set `active: true` to resume) */
            disabled_reason: "manual" | "failing" | null;
            /**
             * Format: date-time
             * @description The first failed attempt since the last delivered one
             */
            failing_since: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_…) to verify deliveries with; shown this once */
            secret: string;
        };
        /** @description One event on its way to one subscription */
        WebhookDelivery: {
            id: string;
            /** @description Also the `webhook-id` header of every attempt */
            event_id: string;
            event_type: string;
            /**
             * @description 'pending': waiting for its next attempt; 'delivered': a 2xx came back; 'failed': given up after three days; 'cancelled': the subscription was deactivated
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed" | "cancelled";
            /** @description Attempts made so far */
            attempts: number;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** @description The HTTP status of the last attempt; null when none came */
            response_status: number | null;
            /** @description How long the last attempt took */
            duration_ms: number | null;
            /** @description Why the last attempt failed */
            error: string | null;
            /**
             * Format: date-time
             * @description When it is attempted next, while pending
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        /** @description A mail the service sends for the company, and what became of it; never its body or its link */
        MailMessage: {
            /** @description Also the left part of the mail’s Message-ID, the same on every attempt */
            id: string;
            /**
             * @description 'kiosk_pin': a one-time kiosk PIN after a reset; 'credential_changed': a person told that their password, passkeys, personal keys or kiosk PIN changed; 'reminder': a reminder (a session left open, a correction waiting for consent, the digest of what waits for a decision, a month to sign, a rest deadline)
             * @enum {string}
             */
            kind: "invitation" | "password_reset" | "kiosk_pin" | "credential_changed" | "reminder";
            /** @description The address it is sent to */
            to: string;
            /**
             * @description 'pending': queued, or waiting for its next attempt; 'sent': the mail server accepted it; 'failed': refused for good, or given up after a day (sooner when its link expired first)
             * @enum {string}
             */
            status: "pending" | "sent" | "failed";
            /** @description Attempts begun so far */
            attempts: number;
            /** @description Why the last failed attempt failed: the mail server’s answer, or the connection error */
            last_error: string | null;
            /**
             * Format: date-time
             * @description When the write that made it committed it
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the mail server accepted it
             */
            sent_at: string | null;
            /**
             * Format: date-time
             * @description When it is attempted next, while pending
             */
            next_attempt_at: string | null;
        };
        /** @description A shared clock-in device at a workplace; its token is shown only when it is set up */
        Kiosk: {
            id: string;
            name: string;
            /** @description Where the device stands, if set */
            work_center_id: string | null;
            /** @description false once revoked: its token no longer works */
            active: boolean;
            /** @description The administrator who set it up */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description When the device last called the service (to the minute)
             */
            last_used_at: string | null;
        };
        CreatedKiosk: {
            id: string;
            name: string;
            /** @description Where the device stands, if set */
            work_center_id: string | null;
            /** @description false once revoked: its token no longer works */
            active: boolean;
            /** @description The administrator who set it up */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description When the device last called the service (to the minute)
             */
            last_used_at: string | null;
            /** @description The device token (jkd_…) to pair the kiosk page with; shown this once. It can call the kiosk endpoints only. */
            device_token: string;
        };
        /** @description A kiosk PIN reset: the old PIN no longer works; a new one is mailed to the employee or chosen by them in the app. The PIN is never returned */
        KioskPinReset: {
            user_id: string;
            /**
             * @description 'mail': the employee is mailed a one-time PIN, to be changed at first use; 'app' (no mail server): the employee has no PIN until they choose one in the app (Profile), so tell them to
             * @enum {string}
             */
            delivery: "mail" | "app";
            /** @description true with a one-time PIN (it must be changed at first use); false when there is no PIN */
            pin_change_required: boolean;
            /** @description Whether wrong PINs were holding the identifier locked; the lock is lifted either way */
            lock_lifted: boolean;
            /** @description Kiosk sessions of the employee that were open and now end */
            sessions_ended: number;
            /** Format: date-time */
            reset_at: string;
        };
        /** @description My kiosk sign-in: my identifier and whether I have a PIN (never the PIN) */
        OwnKioskPin: {
            /** @description What I type at a kiosk: the digits of my DNI/NIE; null without a DNI on file */
            identifier: string | null;
            /** @description Whether I have a kiosk PIN */
            pin_set: boolean;
            /** @description My PIN is a one-time PIN from a reset: the kiosk asks me to change it first */
            pin_change_required: boolean;
        };
        /** @description The kiosk device a device token belongs to */
        KioskDeviceView: {
            id: string;
            name: string;
            work_center_id: string | null;
            company_name: string;
            /**
             * Format: date-time
             * @description The service’s clock: the page dates queued punches by it, whatever the device’s own clock says
             */
            server_time: string;
        };
        /** @description The identified employee as the kiosk shows them */
        KioskEmployee: {
            name: string;
            /**
             * @description Where the employee stands, from their last punch
             * @enum {string}
             */
            state: "not_working" | "working" | "on_break";
            /**
             * Format: date-time
             * @description Since when: the moment of the last punch (null before the first)
             */
            since: string | null;
            /** @description The punches the sequence rules allow next (none while the initial PIN must be changed) */
            allowed_punches: ("in" | "out" | "break_start" | "break_end")[];
            /** @description The PIN is still the initial one: change it (kiosk.change-pin) before punching */
            pin_change_required: boolean;
            /** @description The employee’s latest session left open longer than the company allows (a forgotten clock-out), within the last 31 days, until a correction closes it: the kiosk tells them and offers the proposal. It blocks no punch: while it is the session under way, `allowed_punches` is `in`, which starts a new session (art. 34.9 ET). null when none */
            left_open_session: {
                /**
                 * Format: date-time
                 * @description The `in` of the session left open
                 */
                started_at: string;
                /** @description The pending correction closing it; accept it with kiosk.accept-correction */
                correction_id: string | null;
                /**
                 * Format: date-time
                 * @description Where it puts the `out`
                 */
                proposed_out_at: string | null;
            } | null;
        };
        KioskSession: {
            /** @description Send it as `session` to punch or change the PIN within the next minute */
            session: string;
            /** Format: date-time */
            expires_at: string;
            employee: components["schemas"]["KioskEmployee"];
        };
        /** @description The punch recorded at the kiosk (source kiosk) and where the employee now stands */
        KioskPunch: {
            id: string;
            /** @enum {string} */
            type: "in" | "out" | "break_start" | "break_end";
            /** Format: date-time */
            ts: string;
            /** @enum {string} */
            modality: "onsite" | "remote";
            kiosk_id: string;
            employee: components["schemas"]["KioskEmployee"];
        };
        KioskPinChanged: {
            employee: components["schemas"]["KioskEmployee"];
        };
        /** @description The correction the employee accepted, and where they now stand */
        KioskCorrectionAccepted: {
            correction_id: string;
            /** @enum {string} */
            status: "approved";
            employee: components["schemas"]["KioskEmployee"];
        };
        PushKey: {
            /** @description The service’s VAPID public key (RFC 8292): an uncompressed P-256 point, base64url. The app passes it as `applicationServerKey` to `PushManager.subscribe()` */
            public_key: string;
        };
        /** @description An installation of the app that receives your reminders by Web Push (docs/decisions/0026-reminders.md) */
        PushSubscription: {
            id: string;
            /**
             * Format: uri
             * @description The push service’s address for this installation
             */
            endpoint: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When its push service last accepted a reminder; null: none yet
             */
            last_sent_at: string | null;
        };
        /** @description What the person is reminded of and how (docs/notifications.md). No reminder is sent at night (21:00 to 08:00 in the company’s zone): it waits for 08:00 */
        NotificationSettings: {
            /**
             * @description The language of one’s reminders
             * @enum {string}
             */
            language: "es" | "en";
            /** @description Whether the person chose the language; false: the company’s, which follows its changes */
            language_chosen: boolean;
            /** @description Each reminder on or off by channel, as the person gets it: their choices over the company’s defaults */
            kinds: {
                /** @description A session still open past the day’s expected end plus the company’s margin (to the worker, once per session) */
                open_session: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description A correction of one’s record waiting for one’s consent (at once) */
                correction_consent: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons */
                approvals_digest: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description A month ready to sign (once, on the company’s day) */
                month_to_sign: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description Overtime to be rested whose deadline is near (to the worker and HR) */
                rest_deadline: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
            };
            /** @description The company’s defaults, for what the person did not choose */
            company_defaults: {
                /** @description A session still open past the day’s expected end plus the company’s margin (to the worker, once per session) */
                open_session: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description A correction of one’s record waiting for one’s consent (at once) */
                correction_consent: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons */
                approvals_digest: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description A month ready to sign (once, on the company’s day) */
                month_to_sign: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
                /** @description Overtime to be rested whose deadline is near (to the worker and HR) */
                rest_deadline: {
                    /** @description By mail */
                    mail: boolean;
                    /** @description By Web Push to the installed app */
                    push: boolean;
                };
            };
        };
    };
    responses: {
        /** @description Conflict with the current state */
        Conflict: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Conflict with the current state; or `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer. */
        ConflictOrIdempotencyKeyInUse: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Scope not enabled for the key, or the acting user lacks the permission */
        Forbidden: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request headers are larger than 16 KiB. */
        HeadersTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer. */
        IdempotencyKeyInUse: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description This Idempotency-Key was used with a different request (method, path or body); use a new key for a new request. */
        IdempotencyKeyReused: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Unexpected failure; it is logged with the request id. */
        InternalError: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request is invalid; `details` lists each failing field. */
        InvalidRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Not found in this tenant */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Not modified: the answer is the one whose ETag `If-None-Match` names; no body */
        NotModified: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The service is overloaded (requests are queueing and its event loop lags behind); nothing was done. Retry after `Retry-After` seconds. */
        Overloaded: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The body is larger than 1 MiB. */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
        RateLimited: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request (headers and body) was not received within the server’s request timeout. */
        RequestTimeout: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description API key or session missing or invalid */
        Unauthorized: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The body must be sent as application/json. */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
        IfNoneMatch: string;
        /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
        IdempotencyKey: string;
    };
    requestBodies: {
        AuthLoginRequest: {
            content: {
                "application/json": {
                    /** @description The email of the account */
                    email: string;
                    password: string;
                    /** @description The company to sign in to, when the email has accounts in several (409 tenant_choice_required) */
                    tenant_id?: string;
                    /** @description “Remember this device”: the session lasts the company’s `remember_device_hours` instead of `SESSION_MAX_HOURS`, with no idle timeout, when the company allows it (`remember_device_hours` above 0); otherwise it is an ordinary session (`remembered: false` in the answer) */
                    remember?: boolean;
                };
            };
        };
        AuthPasswordResetRequest: {
            content: {
                "application/json": {
                    /** @description The email of the account */
                    email: string;
                    /** @description Only the account in this company */
                    tenant_id?: string;
                };
            };
        };
        AuthPasswordResetCompleteRequest: {
            content: {
                "application/json": {
                    /** @description The token of the link */
                    token: string;
                    /** @description 8 to 256 characters, not one of the commonly used passwords */
                    password: string;
                };
            };
        };
        AuthPasskeysRegistrationOptionsRequest: {
            content: {
                "application/json": {
                    /** @description From a session that signed in more than 10 minutes ago: the person’s current password (403 `recent_sign_in_required` otherwise) */
                    current_password?: string;
                };
            };
        };
        /** @description The new credential as `PublicKeyCredential.toJSON()` writes it (WebAuthn Level 3) */
        AuthPasskeysRegisterRequest: {
            content: {
                "application/json": {
                    /** @description The credential id */
                    id: string;
                    rawId: string;
                    /** @enum {string} */
                    type: "public-key";
                    authenticatorAttachment?: string | null;
                    clientExtensionResults: {
                        [key: string]: unknown;
                    };
                    response: {
                        clientDataJSON: string;
                        attestationObject: string;
                        transports?: string[];
                        publicKeyAlgorithm?: number;
                        publicKey?: string;
                        authenticatorData?: string;
                    };
                    /** @description A name to tell the passkey by (default "Passkey <date>"); not part of WebAuthn’s JSON */
                    name?: string;
                };
            };
        };
        /** @description The assertion as `PublicKeyCredential.toJSON()` writes it (WebAuthn Level 3) */
        AuthPasskeysLoginRequest: {
            content: {
                "application/json": {
                    /** @description The credential id */
                    id: string;
                    rawId: string;
                    /** @enum {string} */
                    type: "public-key";
                    authenticatorAttachment?: string | null;
                    clientExtensionResults: {
                        [key: string]: unknown;
                    };
                    response: {
                        clientDataJSON: string;
                        authenticatorData: string;
                        signature: string;
                        userHandle?: string | null;
                    };
                    /** @description “Remember this device”: the session lasts the company’s `remember_device_hours` instead of `SESSION_MAX_HOURS`, with no idle timeout, when the company allows it (`remember_device_hours` above 0); otherwise it is an ordinary session (`remembered: false` in the answer) */
                    remember?: boolean;
                };
            };
        };
        MePasswordRequest: {
            content: {
                "application/json": {
                    current_password: string;
                    /** @description 8 to 256 characters, not one of the commonly used passwords */
                    password: string;
                };
            };
        };
        UsersCreateRequest: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description Login email, unique in the tenant (case-insensitive)
                     */
                    email: string;
                    /** @description Full name */
                    full_name: string;
                    /** @description 8 to 256 characters, not a commonly used password; omit to invite the person to set their own (POST /users/{id}/invite) */
                    password?: string;
                    /**
                     * @description 'member' or 'admin'
                     * @enum {string}
                     */
                    role?: "member" | "admin";
                    department_id?: string | null;
                    work_center_id?: string | null;
                    /** @description Supervisor (extension) */
                    manager_id?: string | null;
                    /** @description Work schedule (extension); omitted or null: the company default */
                    schedule_id?: string | null;
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    hire_date?: string | null;
                    /** @description Annual vacation days */
                    vacation_days?: number | null;
                    /** @default false */
                    works_holidays?: boolean;
                    /** @default false */
                    remote_work_allowed?: boolean;
                    /** @description National/foreigner id; its digits are the kiosk identifier */
                    dni?: string | null;
                    /** @description Stored as profile.phone_personal; never a kiosk PIN */
                    phone?: string;
                };
            };
        };
        /** @description Partial update: omitted fields keep their value, null clears */
        UsersUpdateRequest: {
            content: {
                "application/json": {
                    /** @description Full name */
                    full_name?: string;
                    /**
                     * @description 'member' or 'admin'
                     * @enum {string}
                     */
                    role?: "member" | "admin";
                    department_id?: string | null;
                    work_center_id?: string | null;
                    /** @description Supervisor (extension); null removes it */
                    manager_id?: string | null;
                    /** @description Work schedule (extension); null: the company default */
                    schedule_id?: string | null;
                    /**
                     * Format: date
                     * @description First day the new schedule_id applies (default: today in the company’s time zone); earlier days keep the schedule they had. Only with schedule_id.
                     * @example 2026-03-02
                     */
                    schedule_effective_from?: string;
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    hire_date?: string | null;
                    /** @description null resets to the company default */
                    vacation_days?: number | null;
                    works_holidays?: boolean;
                    remote_work_allowed?: boolean;
                    /** @description How this employee’s overtime is compensated: rest, pay or mixed; null follows the company’s policy */
                    overtime_compensation?: "rest" | "pay" | "mixed" | null;
                    /** @description Within how many months after a lot’s month this employee’s rest is due (P1M to P24M); null follows the company’s policy. must be a period of whole months written P<n>M, from P1M to P24M, e.g. P4M */
                    overtime_comp_expiry?: string | null;
                    /** @description Works nights (art. 36.1 ET) */
                    night_worker?: boolean;
                    /** @description The written pact of complementary hours (art. 12.5 ET), in % of the year’s ordinary hours: up to 30, up to 60 where the collective agreement allows; 0 (default): no pact. Lawful only on a contract of at least 10 hours a week (art. 12.5.a): otherwise flagged in the overtime balance, not refused. Set by administrators or HR. must be 0 to 60 (art. 12.5.c ET); must be 0 to 60 (art. 12.5.c ET) */
                    complementary_pact_percent?: number;
                    /** @description Voluntary complementary hours the company may offer on an indefinite contract (art. 12.5.g ET), in % of the year’s ordinary hours: up to 15, up to 30 by collective agreement; 0 (default): none. Set by administrators or HR. must be 0 to 30 (art. 12.5.g ET); must be 0 to 30 (art. 12.5.g ET) */
                    complementary_voluntary_percent?: number;
                    /** @description A workers’ representative (administrators only; audited) */
                    representative?: boolean;
                    /** @description Phone number: digits, spaces, + ( ) . - */
                    phone_company?: string | null;
                    /** @description Phone number: digits, spaces, + ( ) . - */
                    phone_personal?: string | null;
                    /**
                     * Format: email
                     * @description Personal email
                     */
                    personal_email?: string | null;
                    /**
                     * Format: date
                     * @description Birth date
                     * @example 2026-03-02
                     */
                    birth_date?: string | null;
                    nationality?: string | null;
                    /** @description National/foreigner id; its digits are the kiosk identifier */
                    dni?: string | null;
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    dni_expiry?: string | null;
                    address?: string | null;
                    city?: string | null;
                    postal_code?: string | null;
                    passport_number?: string | null;
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    passport_issue?: string | null;
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    passport_expiry?: string | null;
                    health_insurance?: string | null;
                    /** @description Payroll account; the checksum is verified */
                    iban?: string | null;
                    /** @description BIC/SWIFT code */
                    swift?: string | null;
                    /** @description Managed by HR */
                    country?: string | null;
                    /** @description Managed by HR */
                    company_name?: string | null;
                    /** @description Managed by HR */
                    company_cif?: string | null;
                    /** @description Managed by HR */
                    ssn?: string | null;
                    /** @description Managed by HR: an array of strings (as it is read), or the same array serialised as a JSON string (the contract’s write form); at most 100 of at most 200 characters */
                    qualifications?: string[] | string | null;
                };
            };
        };
        DepartmentsCreateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name: string;
                };
            };
        };
        DepartmentsUpdateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name?: string;
                };
            };
        };
        WorkCentersCreateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name: string;
                    /** @description ISO 3166-1 alpha-2 code; drives public holidays */
                    country?: string | null;
                    /** @description Region (ISO 3166-2 subdivision suffix, e.g. MD for Madrid) */
                    region?: string | null;
                };
            };
        };
        WorkCentersUpdateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name?: string;
                    /** @description ISO 3166-1 alpha-2 code; drives public holidays */
                    country?: string | null;
                    /** @description Region (ISO 3166-2 subdivision suffix, e.g. MD for Madrid) */
                    region?: string | null;
                };
            };
        };
        SchedulesCreateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name: string;
                    /** @description Expected minutes of work for each ISO weekday (0 = not a working day) */
                    weekday_minutes: {
                        mon: number;
                        tue: number;
                        wed: number;
                        thu: number;
                        fri: number;
                        sat: number;
                        sun: number;
                    };
                };
            };
        };
        SchedulesUpdateRequest: {
            content: {
                "application/json": {
                    /** @description Unique in the tenant */
                    name?: string;
                    /** @description Expected minutes of work for each ISO weekday (0 = not a working day) */
                    weekday_minutes?: {
                        mon: number;
                        tue: number;
                        wed: number;
                        thu: number;
                        fri: number;
                        sat: number;
                        sun: number;
                    };
                    /**
                     * Format: date
                     * @description First day the new weekday_minutes apply (default: today in the company’s time zone); earlier days keep the minutes they had. Only with weekday_minutes.
                     * @example 2026-03-02
                     */
                    effective_from?: string;
                };
            };
        };
        TenantUpdateRequest: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description IANA time zone, e.g. Europe/Madrid
                     * @example Europe/Madrid
                     */
                    timezone?: string;
                    default_vacation_days?: number;
                    /**
                     * @description How the vacation days of a year worked in part (a hire, a leave, a deactivation) are rounded to whole days: up (the default, never less than the worker’s share), nearest (half up), or down
                     * @enum {string}
                     */
                    vacation_rounding?: "up" | "nearest" | "down";
                    /**
                     * @description How vacation days are counted (art. 38.1 ET): working_days (the default: days the schedule expects work, less holidays) or calendar_days (every day of the vacation: Monday to Sunday is 7; the statute’s 30 calendar days a year)
                     * @enum {string}
                     */
                    vacation_unit?: "working_days" | "calendar_days";
                    /** @description ISO 3166-1 alpha-2; default country for public holidays */
                    country?: string | null;
                    /** @description Region within the country (e.g. MD) */
                    region?: string | null;
                    hr_department_id?: string | null;
                    /** @description Folder names every new user receives */
                    default_folders?: string[];
                    /** @description Schedule of users without one of their own */
                    default_schedule_id?: string;
                    /** @description A work session open longer than this is a forgotten clock-out: an anomaly, a closing correction the company proposes, and punches beyond it refused (default 14) */
                    max_session_hours?: number;
                    /** @description Art. 34.4 ET: continuous work longer than this needs a break (default 360, six hours) */
                    break_after_minutes?: number;
                    /** @description The shortest pause that counts as that break (default 15); shorter pauses do not interrupt continuous work. 0 turns the rule off */
                    min_break_minutes?: number;
                    /** @description Art. 34.3 ET: the shortest rest between the end of one working day and the start of the next, in hours (default 12; 8 to 24, for the sectors whose agreements RD 1561/1995 lets go below 12). Less is a `short_daily_rest` anomaly */
                    min_daily_rest_hours?: number;
                    /** @description Art. 34.3 ET: the longest ordinary working day, in hours (default 9, unless a collective agreement distributes the hours otherwise; under-18s 8 whatever it says). More is a `long_ordinary_day` anomaly */
                    max_ordinary_day_hours?: number;
                    /** @description How long a sign-in with “Remember this device” (`remember: true`) lasts, in hours, instead of the service’s `SESSION_MAX_HOURS`, with no idle timeout; 0 (the default) does not allow it: such a sign-in lasts as any other. At most 720 (30 days). Lowering it shortens the sessions already remembered at their next request */
                    remember_device_hours?: number;
                    /** @description Registered name of the company, printed on the monthly record */
                    legal_name?: string | null;
                    /** @description Tax id (CIF, or a sole trader’s DNI/NIE), printed on the monthly record; stored without spaces, dots or dashes */
                    cif?: string | null;
                    /**
                     * @description Language of the company’s documents and mails: absence type labels, the monthly record, invitations and resets (es by default for country ES, en otherwise)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                    /** @description Partial: the parts sent change, the others keep their value */
                    overtime_policy?: {
                        /**
                         * @description How overtime is counted: daily (the positive part of each day’s balance, the default), weekly (each ISO week’s net balance, in the month of the week’s last day) or monthly (the month’s net balance)
                         * @enum {string}
                         */
                        basis?: "daily" | "weekly" | "monthly";
                        /**
                         * @description rest (paid time off, the law’s fallback), pay, or mixed (decided lot by lot)
                         * @enum {string}
                         */
                        compensation?: "rest" | "pay" | "mixed";
                        /** @description Within how many months after the end of a lot’s month its rest must be taken: an ISO 8601 period of whole months, P1M to P24M (default P4M, art. 35.1). must be a period of whole months written P<n>M, from P1M to P24M, e.g. P4M */
                        comp_expiry?: string;
                        /** @description Overtime hours an employee may have approved in a year (pro rata for part-time; rest taken within four months and force majeure do not count); at most the law’s 80 */
                        annual_cap_hours?: number;
                        /**
                         * @description manual (HR or an administrator decides each lot, the default) or automatic (lots are approved as proposed, within the cap)
                         * @enum {string}
                         */
                        approval?: "manual" | "automatic";
                    };
                    /** @description The parts of the company’s reminder defaults to change */
                    notification_defaults?: {
                        /** @description The kinds and channels to change; the others stay */
                        kinds?: {
                            /** @description A session still open past the day’s expected end plus the company’s margin (to the worker, once per session) */
                            open_session?: {
                                /** @description By mail */
                                mail?: boolean;
                                /** @description By Web Push to the installed app */
                                push?: boolean;
                            };
                            /** @description A correction of one’s record waiting for one’s consent (at once) */
                            correction_consent?: {
                                /** @description By mail */
                                mail?: boolean;
                                /** @description By Web Push to the installed app */
                                push?: boolean;
                            };
                            /** @description Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons */
                            approvals_digest?: {
                                /** @description By mail */
                                mail?: boolean;
                                /** @description By Web Push to the installed app */
                                push?: boolean;
                            };
                            /** @description A month ready to sign (once, on the company’s day) */
                            month_to_sign?: {
                                /** @description By mail */
                                mail?: boolean;
                                /** @description By Web Push to the installed app */
                                push?: boolean;
                            };
                            /** @description Overtime to be rested whose deadline is near (to the worker and HR) */
                            rest_deadline?: {
                                /** @description By mail */
                                mail?: boolean;
                                /** @description By Web Push to the installed app */
                                push?: boolean;
                            };
                        };
                        /** @description The local hour of the daily digest to supervisors and HR (default 9) */
                        digest_hour?: number;
                        /** @description The day of the month on which workers are reminded to sign the month before (default 1) */
                        sign_day?: number;
                        /** @description Minutes after the day’s expected end before a session still open is reminded of (default 30) */
                        open_session_margin_minutes?: number;
                        /** @description Days before a lot’s rest deadline the worker and HR are reminded (default 14) */
                        rest_deadline_days?: number;
                    };
                    /** @description Sets up single sign-on with the company’s OpenID Connect provider (its discovery document must answer), or turns it off (null). Needs the service’s `SECRETS_KEY` (409 `secrets_key_missing`). */
                    sso?: {
                        /** @description The provider’s issuer, exactly as its discovery document names it (https; plain http only on a loopback host) */
                        oidc_issuer: string;
                        /** @description The client (application) id the provider gave Jornada */
                        client_id: string;
                        /** @description Write-only: stored encrypted with the service’s `SECRETS_KEY`, never answered. May be left out to keep the stored one while the issuer and client id stay the same. */
                        client_secret?: string;
                        /** @description Only people whose verified email is in one of these domains sign in this way; null: any domain */
                        allowed_domains?: string[] | null;
                        /** @description Password and passkey sign-in are refused (403 `sso_required`) to everyone but administrators, whose password stays a break-glass way in (audited as `auth.login.break_glass`) */
                        sso_only?: boolean;
                    } | null;
                    /**
                     * Format: date
                     * @description First day the new default_schedule_id applies (default: today in the company’s time zone); earlier days keep the default they had. Only with default_schedule_id.
                     * @example 2026-03-02
                     */
                    default_schedule_effective_from?: string;
                };
            };
        };
        HolidaysCreateRequest: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @example 2026-03-02
                     */
                    date: string;
                    name: string;
                    /** @description Only this work center; omit or null for the whole company */
                    work_center_id?: string | null;
                };
            };
        };
        AttendanceCreateRequest: {
            content: {
                "application/json": {
                    /** @description Employee who punched */
                    user_id: string;
                    /** @enum {string} */
                    type: "in" | "out" | "break_start" | "break_end";
                    /**
                     * Format: date-time
                     * @description Real moment of the punch, with Z or an offset; at most 60 s in the future and 60 days in the past, later than the employee’s last punch
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    ts: string;
                    /**
                     * @description Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)
                     * @enum {string}
                     */
                    modality?: "onsite" | "remote";
                };
            };
        };
        AttendanceClockRequest: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "in" | "out" | "break_start" | "break_end";
                    /**
                     * Format: date-time
                     * @description Only for a punch the app kept while the service could not be reached, sent with an Idempotency-Key: its real moment. At most 60 s in the future and 7 days in the past, later than the employee’s last punch; the punch log’s `created_at` shows when it arrived. Absent, the moment is the service’s
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    ts?: string;
                    /**
                     * @description Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)
                     * @enum {string}
                     */
                    modality?: "onsite" | "remote";
                };
            };
        };
        AttendanceBatchRequest: {
            content: {
                "application/json": {
                    /** @description 1 to 1000 punches, each as attendance.create takes it; an employee's punches are judged in this order */
                    punches: {
                        /** @description Employee who punched */
                        user_id: string;
                        /** @enum {string} */
                        type: "in" | "out" | "break_start" | "break_end";
                        /**
                         * Format: date-time
                         * @description Real moment of the punch, with Z or an offset; at most 60 s in the future and 60 days in the past, later than the employee’s last punch
                         * @example 2026-03-02T08:00:00.000Z
                         */
                        ts: string;
                        /**
                         * @description Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)
                         * @enum {string}
                         */
                        modality?: "onsite" | "remote";
                    }[];
                };
            };
        };
        AttendanceCorrectionsCreateRequest: {
            content: {
                "application/json": {
                    /** @description Employee whose punches are corrected */
                    user_id: string;
                    /** @description Why: part of the record’s trail, shown to everyone who sees it */
                    reason: string;
                    /** @description 1 to 50 changes, all within 31 days of each other */
                    changes: ({
                        /** @enum {string} */
                        action: "add";
                        /** @enum {string} */
                        type: "in" | "out" | "break_start" | "break_end";
                        /**
                         * Format: date-time
                         * @description Real moment of the missing punch, with Z or an offset; not in the future
                         * @example 2026-03-02T08:00:00.000Z
                         */
                        ts: string;
                        /**
                         * @description Only on 'in' (default 'onsite')
                         * @enum {string}
                         */
                        modality?: "onsite" | "remote";
                    } | {
                        /** @enum {string} */
                        action: "move";
                        /** @description An effective punch of the employee */
                        punch_id: string;
                        /**
                         * Format: date-time
                         * @description Its right moment; not in the future
                         * @example 2026-03-02T08:00:00.000Z
                         */
                        ts: string;
                    } | {
                        /** @enum {string} */
                        action: "void";
                        /** @description An effective punch of the employee */
                        punch_id: string;
                    })[];
                };
            };
        };
        AttendanceCorrectionsDecideRequest: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "approved" | "rejected";
                    /** @description Part of the trail, returned with the correction */
                    note?: string;
                };
            };
        };
        AttendanceReportsSignRequest: {
            content: {
                "application/json": {
                    /**
                     * @description The month to sign; it must have ended (YYYY-MM, years 1900 to 9998)
                     * @example 2026-10
                     */
                    month: string;
                };
            };
        };
        ExpensesCreateRequest: {
            content: {
                "application/json": {
                    /** @description Employee who incurred the expense: the acting user, or anyone when acting as an administrator */
                    user_id: string;
                    /** @description Where the money was spent */
                    merchant: string;
                    /**
                     * Format: date
                     * @description Day of the expense
                     * @example 2026-03-02
                     */
                    expense_date: string;
                    /** @description Amount in minor units of `currency` (1250 is 12.50 EUR; 1250 is 1,250 JPY). Not negative: refunds are not expenses */
                    amount: number;
                    /**
                     * @description ISO 4217 code in capitals, e.g. EUR, USD, JPY
                     * @example EUR
                     */
                    currency: string;
                    /** @description Euro equivalent in cents; equal to `amount` when the currency is EUR */
                    amount_eur: number;
                    /**
                     * @description Taxes included in the amount; their amounts add up to at most `amount`
                     * @default []
                     */
                    taxes?: {
                        /** @description Tax rate in percent, 0 to 100, at most 2 decimals (21, 10.5) */
                        rate_percent: number;
                        /** @description Tax included in the amount, in minor units of the currency */
                        amount: number;
                    }[];
                    category: {
                        /**
                         * @description Stable key: 1 to 50 of a-z, 0-9, _ and -
                         * @example travel
                         */
                        key: string;
                        /**
                         * @description Name shown to people
                         * @example Travel
                         */
                        label: string;
                    };
                    /**
                     * @description Already matched with a bank movement (default false)
                     * @default false
                     */
                    reconciled?: boolean;
                };
            };
        };
        ProjectsCreateRequest: {
            content: {
                "application/json": {
                    /** @description Letters, digits, . _ - */
                    code: string;
                    name: string;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        ProjectsUpdateRequest: {
            content: {
                "application/json": {
                    /** @description Letters, digits, . _ - */
                    code?: string;
                    name?: string;
                    active?: boolean;
                };
            };
        };
        AllocationsCreateRequest: {
            content: {
                "application/json": {
                    /** @description Employee whose time is allocated */
                    user_id: string;
                    /**
                     * Format: date-time
                     * @description Start, ISO 8601 with Z or an offset
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    start: string;
                    /**
                     * Format: date-time
                     * @description End, later than start and at most 24 hours after it
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    end: string;
                    /** @description Project of the catalogue; exactly one of project_id and note */
                    project_id?: string | null;
                    /** @description Other tasks; exactly one of project_id and note */
                    note?: string | null;
                    /** @description Remarks on what was done */
                    comment?: string | null;
                    /**
                     * @description IANA zone used to derive `date` (default the company’s)
                     * @example Europe/Madrid
                     */
                    tz?: string;
                } & ({
                    project_id: string;
                } | {
                    note: string;
                });
            };
        };
        AbsenceTypesCreateRequest: {
            content: {
                "application/json": {
                    /** @description Absence type key from the company catalogue */
                    key: string;
                    label: string;
                    /** @description The type’s name in Spanish and English, as far as the company gives them (both for the built-in types); a client shows the one of its person’s language, else `label` */
                    labels?: {
                        es?: string;
                        en?: string;
                    };
                    /** @default true */
                    requires_approval?: boolean;
                    /** @default false */
                    allows_hourly?: boolean;
                    /** @default false */
                    consumes_vacation?: boolean;
                    /**
                     * @description Art. 38.3 ET: may lie over approved vacation and give its days back (not with consumes_vacation)
                     * @default false
                     */
                    interrupts_vacation?: boolean;
                };
            };
        };
        /** @description Only the fields to change. `labels` replaces the names in each language; a new `label` without `labels` clears them (they named the old one). A type that consumes vacation cannot allow hourly absences, whether both flags are in this body or one is already set */
        AbsenceTypesUpdateRequest: {
            content: {
                "application/json": {
                    label?: string;
                    /** @description The type’s name in Spanish and English, as far as the company gives them (both for the built-in types); a client shows the one of its person’s language, else `label` */
                    labels?: {
                        es?: string;
                        en?: string;
                    };
                    requires_approval?: boolean;
                    allows_hourly?: boolean;
                    consumes_vacation?: boolean;
                    interrupts_vacation?: boolean;
                };
            };
        };
        AbsencesCreateRequest: {
            content: {
                "application/json": {
                    user_id: string;
                    /** @description Absence type key from the company catalogue */
                    type: string;
                    /**
                     * Format: date
                     * @description First day; not in the past (in the company’s zone)
                     * @example 2026-03-02
                     */
                    start_date: string;
                    /**
                     * Format: date
                     * @description Last day, included
                     * @example 2026-03-02
                     */
                    end_date: string;
                    /** @description HH:MM, 24-hour */
                    start_time?: string | null;
                    /** @description HH:MM, 24-hour */
                    end_time?: string | null;
                    /** @description Request note (never returned) */
                    note?: string;
                };
            };
        };
        AbsencesRecordRequest: {
            content: {
                "application/json": {
                    user_id: string;
                    /** @description Absence type key from the company catalogue */
                    type: string;
                    /**
                     * Format: date
                     * @description First day; not in the past (in the company’s zone)
                     * @example 2026-03-02
                     */
                    start_date: string;
                    /**
                     * Format: date
                     * @description Last day, included
                     * @example 2026-03-02
                     */
                    end_date: string;
                    /** @description HH:MM, 24-hour */
                    start_time?: string | null;
                    /** @description HH:MM, 24-hour */
                    end_time?: string | null;
                    /** @description Request note (never returned) */
                    note?: string;
                };
            };
        };
        AbsencesDecideRequest: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "approved" | "rejected";
                    /** @description Decision note (never returned) */
                    note?: string;
                };
            };
        };
        OvertimeLotsDecideRequest: {
            content: {
                "application/json": {
                    /**
                     * @description Only approved: hours worked beyond the ordinary day were worked (art. 35 ET). Hours in dispute are a correction of the time record, which the lot follows (a pending lot changes its minutes; an approved month gets an adjustment lot)
                     * @enum {string}
                     */
                    decision: "approved";
                    /**
                     * @description How an approved lot is compensated; default the employee’s terms (required when they are mixed). A complementary lot is paid as ordinary hours (art. 12.5.h ET): pay, its default, only
                     * @enum {string}
                     */
                    compensation?: "rest" | "pay";
                    /**
                     * @description Work to prevent or repair extraordinary and urgent damage (art. 35.3): not counted toward the cap, and the one overtime night workers and part-time employees may do (minors none, art. 6.3). Not for a complementary lot, which is not overtime
                     * @default false
                     */
                    force_majeure?: boolean;
                    /** @description Decision note (never returned) */
                    note?: string;
                };
            };
        };
        OvertimeLotsPayRequest: {
            content: {
                "application/json": {
                    /** @description At most what the lot still owes */
                    minutes: number;
                    /**
                     * @description The payroll (YYYY-MM) the minutes are paid in; not before the lot’s month. must be a month written YYYY-MM, e.g. 2026-03
                     * @example 2026-03
                     */
                    payroll_month: string;
                };
            };
        };
        CalendarFeedsCreateRequest: {
            content: {
                "application/json": {
                    /**
                     * @description me: your own absences; team: yours and those of everyone below you in the manager chain; company: every active employee’s (HR and administrators only)
                     * @enum {string}
                     */
                    scope: "me" | "team" | "company";
                    /** @default false */
                    show_types?: boolean;
                };
            };
        };
        KeysCreateRequest: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description 'inspector': read-only access to the time record for the Labour Inspectorate or workers' representatives; expires within 90 days, every request is in the access log, never sees personal data
                     * @enum {string}
                     */
                    kind?: "standard" | "inspector";
                    /** @description Each one held by the caller (403 scope_escalation otherwise). Required for a standard key, except a personal one (default: the caller's scopes); an inspector key may hold only attendance.list, attendance.summary, attendance.punches, attendance-corrections.list, attendance-reports.get, attendance-reports.export, attendance-reports.company, attendance-reports.record-export, overtime-reports.monthly, tenant.record-key (all of them by default) */
                    scopes?: string[];
                    /** @description An active user of the company (default: the calling key’s acting user) */
                    acts_as_user_id?: string;
                    /**
                     * Format: date-time
                     * @description A future instant; required for an inspector key, at most 90 days ahead
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    expires_at?: string;
                    /** @description From a session that signed in more than 10 minutes ago: the person’s current password (403 `recent_sign_in_required` otherwise) */
                    current_password?: string;
                };
            };
        };
        WebhooksCreateRequest: {
            content: {
                "application/json": {
                    /** @description An https URL on the public internet (see WEBHOOKS_ALLOW_PRIVATE_NETWORKS) */
                    url: string;
                    /** @description Event types to receive (user.created, user.updated, user.deactivated, user.reactivated, user.invited, punch.created, attendance.anomaly_detected, absence.created, absence.approved, absence.rejected, absence.cancelled, correction.proposed, correction.approved, correction.rejected, allocation.created, allocation.deleted, expense.created, overtime.lot_proposed, overtime.lot_updated, overtime.lot_approved, overtime.lot_paid, overtime.compensation_overdue, overtime.cap_exceeded), or ["*"] for all, including types added later */
                    events: string[];
                    description?: string;
                    active?: boolean;
                };
            };
        };
        WebhooksUpdateRequest: {
            content: {
                "application/json": {
                    /** @description An https URL on the public internet (see WEBHOOKS_ALLOW_PRIVATE_NETWORKS) */
                    url?: string;
                    /** @description Event types to receive (user.created, user.updated, user.deactivated, user.reactivated, user.invited, punch.created, attendance.anomaly_detected, absence.created, absence.approved, absence.rejected, absence.cancelled, correction.proposed, correction.approved, correction.rejected, allocation.created, allocation.deleted, expense.created, overtime.lot_proposed, overtime.lot_updated, overtime.lot_approved, overtime.lot_paid, overtime.compensation_overdue, overtime.cap_exceeded), or ["*"] for all, including types added later */
                    events?: string[];
                    description?: string | null;
                    active?: boolean;
                };
            };
        };
        KiosksCreateRequest: {
            content: {
                "application/json": {
                    name: string;
                    work_center_id?: string | null;
                };
            };
        };
        MeKioskPinSetRequest: {
            content: {
                "application/json": {
                    /**
                     * @description 4 to 8 digits, not one digit repeated
                     * @example 4826
                     */
                    pin: string;
                };
            };
        };
        KioskIdentifyRequest: {
            content: {
                "application/json": {
                    /** @description The kiosk identifier: the digits of the employee’s DNI/NIE */
                    identifier: string;
                    /** @description 4 to 8 digits */
                    pin: string;
                };
            };
        };
        KioskPunchRequest: {
            content: {
                "application/json": {
                    /** @description A session from kiosk.identify (it lasts about a minute) */
                    session?: string;
                    /** @description The kiosk identifier: the digits of the employee’s DNI/NIE */
                    identifier?: string;
                    /** @description 4 to 8 digits */
                    pin?: string;
                    /** @enum {string} */
                    type: "in" | "out" | "break_start" | "break_end";
                    /**
                     * Format: date-time
                     * @description The real moment of a punch the kiosk queued while offline; the service’s moment when absent. At most 60 s in the future and 60 days in the past, later than the employee’s last punch
                     * @example 2026-03-02T08:00:00.000Z
                     */
                    ts?: string;
                    /**
                     * @description Only on 'in': 'onsite' (default) or 'remote'
                     * @enum {string}
                     */
                    modality?: "onsite" | "remote";
                } & ({
                    session: string;
                } | {
                    identifier: string;
                    pin: string;
                });
            };
        };
        KioskAcceptCorrectionRequest: {
            content: {
                "application/json": {
                    /** @description A session from kiosk.identify (it lasts about a minute) */
                    session: string;
                };
            };
        };
        KioskChangePinRequest: {
            content: {
                "application/json": {
                    /** @description A session from kiosk.identify (it lasts about a minute) */
                    session: string;
                    /** @description 4 to 8 digits */
                    new_pin: string;
                };
            };
        };
        PushSubscriptionsCreateRequest: {
            content: {
                "application/json": {
                    /** @description `PushSubscription.endpoint` as the browser gives it: an https URL of its push service */
                    endpoint: string;
                    keys: {
                        /** @description The installation’s P-256 public key, uncompressed (65 bytes), base64url */
                        p256dh: string;
                        /** @description The installation’s authentication secret (16 bytes), base64url */
                        auth: string;
                    };
                };
            };
        };
        MeNotificationsUpdateRequest: {
            content: {
                "application/json": {
                    /** @description The kinds and channels to change; the others stay as they were */
                    kinds?: {
                        /** @description A session still open past the day’s expected end plus the company’s margin (to the worker, once per session) */
                        open_session?: {
                            /** @description By mail */
                            mail?: boolean;
                            /** @description By Web Push to the installed app */
                            push?: boolean;
                        };
                        /** @description A correction of one’s record waiting for one’s consent (at once) */
                        correction_consent?: {
                            /** @description By mail */
                            mail?: boolean;
                            /** @description By Web Push to the installed app */
                            push?: boolean;
                        };
                        /** @description Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons */
                        approvals_digest?: {
                            /** @description By mail */
                            mail?: boolean;
                            /** @description By Web Push to the installed app */
                            push?: boolean;
                        };
                        /** @description A month ready to sign (once, on the company’s day) */
                        month_to_sign?: {
                            /** @description By mail */
                            mail?: boolean;
                            /** @description By Web Push to the installed app */
                            push?: boolean;
                        };
                        /** @description Overtime to be rested whose deadline is near (to the worker and HR) */
                        rest_deadline?: {
                            /** @description By mail */
                            mail?: boolean;
                            /** @description By Web Push to the installed app */
                            push?: boolean;
                        };
                    };
                    /** @description The language of one’s reminders; null: the company’s */
                    language?: "es" | "en" | null;
                };
            };
        };
    };
    headers: {
        /** @description What is left of the rate limit (IETF draft-ietf-httpapi-ratelimit-headers): `r` requests, and `t` seconds until one more is available, e.g. `"per-minute";r=299;t=60` */
        RateLimit: string;
        /** @description The rate limit: a quota `q` of requests in any window of `w` seconds, e.g. `"per-minute";q=300;w=60` */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
        /** @description A weak tag of the JSON answer; send it back as `If-None-Match` and an unchanged answer is 304 with no body */
        ETag: string;
        /** @description `private, no-cache` on a read with a credential (revalidate with the ETag before reuse; no shared cache), `no-cache` on a public one, `no-store` on the answer of a write */
        "Cache-Control": string;
        /** @description The URL of the resource made, to read it again with GET (e.g. `/api/v1/absences/abs_…`) */
        Location: string;
        /** @description `true` when this is the kept answer of an earlier request with the same Idempotency-Key */
        "Idempotent-Replayed": "true";
        /** @description A file name for CSV and PDF answers, e.g. `attachment; filename="jornada-2026-10-usr_....pdf"` */
        "Content-Disposition": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Not modified: the answer is the one whose ETag `If-None-Match` names; no body */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid; `details` lists each failing field. */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Not modified: the answer is the one whose ETag `If-None-Match` names; no body */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid; `details` lists each failing field. */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Body of every non-2xx response */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An OpenAPI 3.1 document */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            /** @description The request is invalid; `details` lists each failing field. */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            tenant: {
                                id: string;
                                name: string;
                            };
                            /** @description Methods enabled for the key */
                            scopes: string[];
                            acts_as_user: {
                                id: string;
                                email: string;
                                name: string;
                            };
                            /**
                             * @description What the request was made with: an API key, or the session cookie of a person who signed in (`POST /auth/login`). A session holds every standard scope; the person’s permissions decide.
                             * @enum {string}
                             */
                            credential: "key" | "session";
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthLoginRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthPasswordResetRequest"];
        responses: {
            /** @description Taken; the same answer whether or not the email has an account */
            202: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description Always `accepted`: a link is mailed to each active account with the email, if there is any
                             * @enum {string}
                             */
                            status: "accepted";
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.password-reset.complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthPasswordResetCompleteRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.invite": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.logout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.sessions.list": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.sessions.end": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A session id (ses_...)
                 * @example ses_01KAF000000000000000000001
                 */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.registration-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthPasskeysRegistrationOptionsRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description WebAuthn options JSON, as `PublicKeyCredential.parseCreationOptionsFromJSON()` or `parseRequestOptionsFromJSON()` reads them */
                        data: {
                            /** @description Base64url; answered once, within 5 minutes */
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthPasskeysRegisterRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Passkey"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.list": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Passkey"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A passkey id (pky_...)
                 * @example id_01KAF000000000000000000001
                 */
                passkey_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.login-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description WebAuthn options JSON, as `PublicKeyCredential.parseCreationOptionsFromJSON()` or `parseRequestOptionsFromJSON()` reads them */
                        data: {
                            /** @description Base64url; answered once, within 5 minutes */
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "auth.passkeys.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AuthPasskeysLoginRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "me.password": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["MePasswordRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            other_sessions_ended: number;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
                /** @description `reduced` (the default): the fields everyone may see; `full`: the full form, where the caller may see it */
                detail?: "reduced" | "full";
                /** @description Only those with this status */
                status?: "active" | "disabled";
                /** @description 'member' or 'admin' */
                role?: "member" | "admin";
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
                /** @description Direct reports of this user */
                manager_id?: string;
                /** @description Exact email, case-insensitive */
                email?: string;
                /** @description Case-insensitive substring of full name or email */
                q?: string;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: (components["schemas"]["UserFull"] | components["schemas"]["UserReduced"])[];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["UsersCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserFull"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.get": {
        parameters: {
            query?: {
                /** @description true adds the employee's document folders */
                include_folders?: boolean;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserFull"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["UsersUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserFull"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.deactivate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserFull"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.reactivate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserFull"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "departments.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Department"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "departments.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DepartmentsCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Department"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "departments.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The department’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Department"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "departments.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The department’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DepartmentsUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Department"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "work-centers.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkCenter"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "work-centers.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WorkCentersCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkCenter"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "work-centers.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The work center’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkCenter"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "work-centers.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The work center’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WorkCentersUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkCenter"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "schedules.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Schedule"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "schedules.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["SchedulesCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "schedules.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The schedule’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "schedules.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The schedule’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["SchedulesUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "tenant.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tenant"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "tenant.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["TenantUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tenant"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "holidays.list": {
        parameters: {
            query: {
                /**
                 * @description First day
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included (at most 366 days after from)
                 * @example 2026-03-02
                 */
                to: string;
                /** @description Holidays of this work center (its country and region, and its company holidays) */
                work_center_id?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Holiday"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "holidays.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["HolidaysCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Holiday"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "holidays.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The holiday’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Holiday"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "holidays.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The holiday’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.list": {
        parameters: {
            query: {
                /** @description Employee */
                user_id: string;
                /**
                 * @description First day
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included; at most 366 days from `from`
                 * @example 2026-03-02
                 */
                to: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Days per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DailyAttendance"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Punch"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.clock": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceClockRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClockedPunch"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.batch": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceBatchRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Position of the punch in the request, from 0 */
                            index: number;
                            /** @description What attendance.create would have answered: 201 stored, or the refusal’s status */
                            status: number;
                            data?: components["schemas"]["Punch"];
                            error?: {
                                /** @description Code from the error catalogue */
                                code: string;
                                message: string;
                                details?: {
                                    field: string;
                                    message: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.punches": {
        parameters: {
            query: {
                /** @description Employee */
                user_id: string;
                /**
                 * @description First day
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included; at most 366 days from `from`
                 * @example 2026-03-02
                 */
                to: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PunchLogEntry"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.summary": {
        parameters: {
            query: {
                /**
                 * @description First day
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included; at most 366 days from `from`
                 * @example 2026-03-02
                 */
                to: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Employees per page, 1 to 100 (default 25) */
                page_size?: number;
                /** @description Only those with this status */
                status?: "active" | "disabled";
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceSummaryRow"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.anomalies": {
        parameters: {
            query: {
                /**
                 * @description First day
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included; at most 62 days from `from`
                 * @example 2026-03-02
                 */
                to: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Only this employee */
                user_id?: string;
                /** @description session_too_long: a session lasted (or is still open) longer than the company’s max_session_hours, usually a forgotten clock-out; missing_break: continuous work passed break_after_minutes without a pause of min_break_minutes (art. 34.4 ET; under-18s 30 minutes past 4.5 hours); punch_on_day_off: work on a rest day, a holiday or a day of full-day vacation; short_daily_rest: less than the company’s min_daily_rest_hours (12) between the previous day’s last `out` and this day’s first `in` (art. 34.3 ET); long_ordinary_day: more than max_ordinary_day_hours (9; under-18s 8) worked in the day (art. 34.3 ET); short_weekly_rest: the ISO week ending with this day’s last `in` had less than 36 hours of uninterrupted rest, also on average with the week before (under-18s 48 hours every week; art. 37.1 ET); night_average_exceeded: a night worker above 8 hours a day averaged over the days worked in 15 days (art. 36.1 ET); absence_overlaps_work: work on a day of full-day absence other than vacation (sick leave over a worked day), which counts no worked minutes */
                type?: "session_too_long" | "missing_break" | "punch_on_day_off" | "short_daily_rest" | "long_ordinary_day" | "short_weekly_rest" | "night_average_exceeded" | "absence_overlaps_work";
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceAnomalyRow"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance.now": {
        parameters: {
            query?: {
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Employees per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PresenceRow"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-corrections.list": {
        parameters: {
            query?: {
                /** @description Only this employee’s */
                user_id?: string;
                /** @description Only those with this status */
                status?: "pending" | "approved" | "rejected" | "cancelled";
                /**
                 * @description Only corrections touching punches on or after this day
                 * @example 2026-03-02
                 */
                from?: string;
                /**
                 * @description Only corrections touching punches on or before this day
                 * @example 2026-03-02
                 */
                to?: string;
                /**
                 * @description Zone of from and to (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceCorrection"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-corrections.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceCorrectionsCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceCorrection"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-corrections.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description Correction id
                 * @example cor_01KAF000000000000000000001
                 */
                correction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceCorrection"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-corrections.decide": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Correction id
                 * @example cor_01KAF000000000000000000001
                 */
                correction_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceCorrectionsDecideRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceCorrection"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-corrections.cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Correction id
                 * @example cor_01KAF000000000000000000001
                 */
                correction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttendanceCorrection"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-reports.get": {
        parameters: {
            query: {
                /** @description Employee */
                user_id: string;
                /**
                 * @description Month (YYYY-MM, years 1900 to 9998)
                 * @example 2026-10
                 */
                month: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Overrides the Accept header: json (default), csv or pdf */
                format?: "json" | "csv" | "pdf";
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MonthlyReport"];
                    };
                    "text/csv": string;
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-reports.export": {
        parameters: {
            query: {
                /**
                 * @description Month (YYYY-MM, years 1900 to 9998)
                 * @example 2026-10
                 */
                month: string;
                /** @description csv, the only format of the export */
                format?: "csv";
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Only employees in this status (default: all) */
                status?: "active" | "disabled";
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-reports.company": {
        parameters: {
            query: {
                /**
                 * @description Month (YYYY-MM, years 1900 to 9998)
                 * @example 2026-10
                 */
                month: string;
                /**
                 * @description IANA time zone used to group punches into days (default: the company’s)
                 * @example Europe/Madrid
                 */
                tz?: string;
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
                /** @description Overrides the Accept header: json (default), csv or pdf */
                format?: "json" | "csv" | "pdf";
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The totals */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CompanyReport"];
                    };
                    "text/csv": string;
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-reports.sign": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AttendanceReportsSignRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MonthSignature"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "attendance-reports.record-export": {
        parameters: {
            query: {
                /**
                 * @description First day, in the company’s time zone
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Last day, included; at most 366 days after from
                 * @example 2026-03-02
                 */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "tenant.record-key": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RecordKey"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "tenant.rotate-record-key": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RecordKey"][];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "expenses.list": {
        parameters: {
            query?: {
                /** @description Only this employee’s expenses */
                user_id?: string;
                /**
                 * @description Only expenses on or after this day
                 * @example 2026-03-02
                 */
                from?: string;
                /**
                 * @description Only expenses on or before this day (not before `from`)
                 * @example 2026-03-02
                 */
                to?: string;
                /** @description 'imported': entered through an import (the only status so far) */
                status?: "imported";
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Expense"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "expenses.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ExpensesCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Expense"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "expenses.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The expense’s id
                 * @example exp_01KAF000000000000000000001
                 */
                expense_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Expense"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "projects.list": {
        parameters: {
            query?: {
                /** @description Only active (true) or inactive (false) projects */
                active?: boolean;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "projects.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ProjectsCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "projects.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The project’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "projects.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The project’s id
                 * @example dep_01KAF000000000000000000001
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ProjectsUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "allocations.list": {
        parameters: {
            query?: {
                /** @description Only this employee’s */
                user_id?: string;
                /** @description Only those of this project */
                project_id?: string;
                /**
                 * @description Allocations whose `date` is on or after this day
                 * @example 2026-03-02
                 */
                from?: string;
                /**
                 * @description Allocations whose `date` is on or before this day
                 * @example 2026-03-02
                 */
                to?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Allocation"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "allocations.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AllocationsCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Allocation"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "allocations.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The allocation’s id
                 * @example alc_01KAF000000000000000000001
                 */
                allocation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Allocation"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "allocations.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The allocation’s id
                 * @example alc_01KAF000000000000000000001
                 */
                allocation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absence-types.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AbsenceType"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absence-types.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AbsenceTypesCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AbsenceType"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absence-types.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description Absence type key from the company catalogue
                 * @example vacation
                 */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AbsenceType"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absence-types.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Absence type key from the company catalogue
                 * @example vacation
                 */
                key: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AbsenceTypesUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AbsenceType"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.list": {
        parameters: {
            query: {
                /**
                 * @description Only those on or after this day (overlapping it)
                 * @example 2026-03-02
                 */
                from: string;
                /**
                 * @description Only those on or before this day (overlapping it)
                 * @example 2026-03-02
                 */
                to: string;
                /** @description Only this employee’s */
                user_id?: string;
                /** @description Only those with this status */
                status?: "pending" | "approved" | "rejected" | "cancelled";
                /** @description Absence type key from the company catalogue */
                type?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AbsencesCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The absence’s id
                 * @example abs_01KAF000000000000000000001
                 */
                absence_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.record": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AbsencesRecordRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.decide": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The absence’s id
                 * @example abs_01KAF000000000000000000001
                 */
                absence_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["AbsencesDecideRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "absences.cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The absence’s id
                 * @example abs_01KAF000000000000000000001
                 */
                absence_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Absence"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.vacation-balance": {
        parameters: {
            query?: {
                /** @description Calendar year (default: this year) */
                year?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The user’s id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VacationBalance"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "overtime-lots.list": {
        parameters: {
            query?: {
                /** @description Only this employee’s */
                user_id?: string;
                /**
                 * @description First month, included
                 * @example 2026-03
                 */
                from?: string;
                /**
                 * @description Last month, included
                 * @example 2026-03
                 */
                to?: string;
                /** @description A lot is a fact of the record, never rejected (art. 35 ET): pending until approved with its compensation */
                status?: "pending" | "approved";
                /** @description overtime (art. 35 ET), or complementary: a part-timer’s hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET), which are not overtime: never toward the annual cap, paid as ordinary hours. Each kind of a month is its own lot */
                kind?: "overtime" | "complementary";
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OvertimeLot"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "overtime-lots.decide": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The lot’s id
                 * @example id_01KAF000000000000000000001
                 */
                lot_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["OvertimeLotsDecideRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OvertimeLot"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "overtime-lots.pay": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The lot’s id
                 * @example id_01KAF000000000000000000001
                 */
                lot_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["OvertimeLotsPayRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OvertimeLot"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "overtime.balance": {
        parameters: {
            query?: {
                /** @description Default: the caller */
                user_id?: string;
                /** @description Calendar year (default: this year) */
                year?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OvertimeBalance"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "overtime-reports.monthly": {
        parameters: {
            query: {
                /**
                 * @description The month the overtime was worked, YYYY-MM
                 * @example 2026-03
                 */
                month: string;
                /** @description Only the people of this department */
                department_id?: string;
                /** @description Only the people of this work center */
                work_center_id?: string;
                /** @description Overrides the Accept header */
                format?: "json" | "csv" | "pdf";
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OvertimeReport"];
                    };
                    "text/csv": string;
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "calendar-feeds.list": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CalendarFeed"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "calendar-feeds.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CalendarFeedsCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedCalendarFeed"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "calendar-feeds.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The calendar feed’s id
                 * @example id_01KAF000000000000000000001
                 */
                feed_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CalendarFeed"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "calendar-feeds.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The calendar feed’s id
                 * @example id_01KAF000000000000000000001
                 */
                feed_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.schedule-history": {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SchedulePeriod"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "keys.list": {
        parameters: {
            query?: {
                /** @description 'inspector': read-only access to the time record for the Labour Inspectorate or workers' representatives; expires within 90 days, every request is in the access log, never sees personal data */
                kind?: "standard" | "inspector";
                /** @description Only keys acting as this user */
                acts_as_user_id?: string;
                /** @description true: neither revoked nor expired; false: revoked or expired */
                active?: boolean;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "keys.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KeysCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedApiKey"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "keys.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The key’s id
                 * @example key_01KAF000000000000000000001
                 */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "keys.revoke": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The key’s id
                 * @example key_01KAF000000000000000000001
                 */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "audit-log.list": {
        parameters: {
            query?: {
                /**
                 * @description Entries at or after this instant
                 * @example 2026-03-02T08:00:00.000Z
                 */
                from?: string;
                /**
                 * @description Entries before this instant
                 * @example 2026-03-02T08:00:00.000Z
                 */
                to?: string;
                /** @description Only writes by this acting user */
                user_id?: string;
                /** @description Only writes with this API key */
                key_id?: string;
                /** @description Only this operation, e.g. users.update */
                operation?: string;
                /** @description Only writes to this resource */
                resource_id?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "access-log.list": {
        parameters: {
            query?: {
                /**
                 * @description Entries at or after this instant
                 * @example 2026-03-02T08:00:00.000Z
                 */
                from?: string;
                /**
                 * @description Entries before this instant
                 * @example 2026-03-02T08:00:00.000Z
                 */
                to?: string;
                /** @description Only requests made with this key */
                key_id?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccessEntry"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "events.list": {
        parameters: {
            query?: {
                /** @description Read the events after this one (oldest first); omit to start at the oldest kept */
                after?: string;
                /** @description Only these types, separated by commas, e.g. `absence.approved,absence.rejected` */
                type?: string;
                /** @description Events per page, 1 to 500 (default 100) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        meta: {
                            page_size: number;
                            /** @description Pass as `after` to read on: the last event of this page, or the `after` given when the page is empty */
                            next_after: string | null;
                            /** @description Whether more events follow right now */
                            has_more: boolean;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.list": {
        parameters: {
            query?: {
                /** @description Only the active ones (`true`) or only the inactive ones (`false`) */
                active?: boolean;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WebhooksCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedWebhook"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The webhook’s id
                 * @example whk_01KAF000000000000000000001
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The webhook’s id
                 * @example whk_01KAF000000000000000000001
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The webhook’s id
                 * @example whk_01KAF000000000000000000001
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WebhooksUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhooks.deliveries": {
        parameters: {
            query?: {
                /** @description 'pending': waiting for its next attempt; 'delivered': a 2xx came back; 'failed': given up after three days; 'cancelled': the subscription was deactivated */
                status?: "pending" | "delivered" | "failed" | "cancelled";
                /** @description Only the delivery of this event */
                event_id?: string;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The webhook’s id
                 * @example whk_01KAF000000000000000000001
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "mail.list": {
        parameters: {
            query?: {
                /** @description 'pending': queued, or waiting for its next attempt; 'sent': the mail server accepted it; 'failed': refused for good, or given up after a day (sooner when its link expired first) */
                status?: "pending" | "sent" | "failed";
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MailMessage"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosks.list": {
        parameters: {
            query?: {
                /** @description Only the active ones (`true`) or only the inactive ones (`false`) */
                active?: boolean;
                /** @description Page number, from 1 (at most 1,000,000) */
                page?: number;
                /** @description Items per page, 1 to 100 (default 25) */
                page_size?: number;
            };
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Kiosk"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosks.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KiosksCreateRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedKiosk"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosks.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The kiosk’s id
                 * @example kio_01KAF000000000000000000001
                 */
                kiosk_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Kiosk"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosks.revoke": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The kiosk’s id
                 * @example kio_01KAF000000000000000000001
                 */
                kiosk_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Kiosk"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "users.reset-kiosk-pin": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description User id
                 * @example usr_01KAF000000000000000000002
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskPinReset"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "me.kiosk-pin": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OwnKioskPin"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "me.kiosk-pin.set": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["MeKioskPinSetRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description What I type at a kiosk: the digits of my DNI/NIE; null without a DNI on file */
                            identifier: string | null;
                            /** @description Whether I have a kiosk PIN */
                            pin_set: boolean;
                            /** @description My PIN is a one-time PIN from a reset: the kiosk asks me to change it first */
                            pin_change_required: boolean;
                            /** @description My kiosk sessions that were open and now end */
                            sessions_ended: number;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosk.device": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskDeviceView"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosk.identify": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KioskIdentifyRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskSession"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosk.punch": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KioskPunchRequest"];
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskPunch"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosk.accept-correction": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The correction’s id
                 * @example cor_01KAF000000000000000000001
                 */
                correction_id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KioskAcceptCorrectionRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskCorrectionAccepted"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrIdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "kiosk.change-pin": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["KioskChangePinRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KioskPinChanged"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "push-subscriptions.key": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PushKey"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "push-subscriptions.list": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PushSubscription"][];
                        meta: {
                            /** @description Page number, from 1 */
                            page: number;
                            /** @description Items per page */
                            page_size: number;
                            /** @description Items matching the filters, across all pages */
                            total: number;
                        };
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "push-subscriptions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["PushSubscriptionsCreateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PushSubscription"];
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PushSubscription"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "push-subscriptions.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The push subscription’s id
                 * @example id_01KAF000000000000000000001
                 */
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body must be sent as application/json. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "me.notifications.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*` */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationSettings"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "me.notifications.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["MeNotificationsUpdateRequest"];
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationSettings"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    "webhook.user.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.user.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.user.deactivated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserDeactivatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.user.reactivated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserReactivatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.user.invited": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInvitedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.punch.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PunchCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.attendance.anomaly_detected": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttendanceAnomalyDetectedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.absence.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbsenceCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.absence.approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbsenceApprovedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.absence.rejected": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbsenceRejectedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.absence.cancelled": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbsenceCancelledEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.correction.proposed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectionProposedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.correction.approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectionApprovedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.correction.rejected": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectionRejectedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.allocation.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AllocationCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.allocation.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AllocationDeletedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.expense.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExpenseCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.lot_proposed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeLotProposedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.lot_updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeLotUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.lot_approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeLotApprovedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.lot_paid": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeLotPaidEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.compensation_overdue": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeCompensationOverdueEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.overtime.cap_exceeded": {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id, the same on every attempt: skip a delivery whose id you have handled */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay) */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OvertimeCapExceededEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery is not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
