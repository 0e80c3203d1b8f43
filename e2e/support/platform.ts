import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestGateway } from '@medrelay/gateway/testing';
import { testPassword } from '@medrelay/svc-identity/testing';
import { medicineInput, startTestPlatform } from '@medrelay/svc-requests/testing';
import type { UserType } from '@medrelay/contracts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Chromium flags for a headless run in a sandboxed CI machine. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The platform as a user meets it: the production front-end builds served by a real gateway in
 * front of the real services (real PostgreSQL, Redis and SMTP from the global set-up), driven
 * through Debian's Chromium.
 */
export async function startPlatform(
  options: {
    staticRoot?: string;
    instances?: number;
    /** More Chromium flags (a fake camera), made before the browser starts. */
    chromiumArgs?: () => Promise<string[]>;
  } = {},
) {
  const services = await startTestPlatform({ instances: options.instances });
  const { identity } = services;
  // The gateway takes each service's instances as a comma-separated list.
  const urls = (list: Array<{ baseUrl: string }>) => list.map((s) => s.baseUrl).join(',');
  const gatewayConfig = {
    IDENTITY_URL: urls(services.replicas.identity),
    CATALOG_URL: urls(services.replicas.catalog),
    REQUESTS_URL: urls(services.replicas.requests),
    STATIC_ROOT: options.staticRoot ?? root,
  };
  let gateway = await startTestGateway(identity.prefix, gatewayConfig);
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, ...((await options.chromiumArgs?.()) ?? [])],
  });
  const consoleErrors: string[] = [];
  // A test that provokes an error answer on purpose (a duplicate e-mail: 409) declares it; the
  // browser logs every failed call, which is not an error of the app.
  let expectedFailures: RegExp[] = [];
  const failedCalls: string[] = [];
  const openContexts: BrowserContext[] = [];

  /** A fresh browser context (own localStorage) whose console errors fail the test. */
  async function newPage(
    options: { locale?: string; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      baseURL: gateway.baseUrl,
      locale: options.locale ?? 'en-US',
      ...(options.viewport ? { viewport: options.viewport } : {}),
    });
    openContexts.push(context);
    const page = await context.newPage();
    const record = (text: string) => consoleErrors.push(`${page.url()}: ${text}`);
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') record(message.text());
    });
    page.on('pageerror', (error) => record(error.message));
    // Names the call behind a "Failed to load resource" line, which Chromium logs without its URL.
    page.on('response', (response) => {
      if (response.status() >= 400)
        failedCalls.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return page;
  }

  async function adminToken() {
    return (await identity.signedIn('admin')).token;
  }

  /** Approves a user the way an administrator does, through the gateway's admin API. */
  async function approve(email: string) {
    const token = await adminToken();
    // Newest first: one just registered is on the first page.
    const pending = await gateway.api.get('/api/admin/pending-users?pageSize=100', { token });
    const user = (pending.body as { id: number; email: string }[]).find((u) => u.email === email);
    if (!user) throw new Error(`${email} is not pending`);
    const res = await gateway.api.put(`/api/admin/users/${user.id}/approve`, undefined, { token });
    expect(res.status).toBe(200);
  }

  /** Signs in through the login form and waits for the redirect. */
  async function signIn(page: Page, email: string, password = testPassword) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  /** An approved user every service already knows, with a token. */
  async function approvedUser(userType: UserType) {
    return services.user(userType, 'approved');
  }

  /** Lists a medicine expiring in `days` days, through the gateway, as its owner. */
  async function listMedicine(token: string, name: string, days: number, quantity = 5) {
    const res = await gateway.api.post('/api/medicines', medicineInput({ name, quantity }, days), { token });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  }

  return {
    identity,
    services,
    /** The gateway now running (a restart replaces it). */
    get gateway() {
      return gateway;
    },
    /**
     * Stops the gateway as a deploy would (SIGTERM's steps: open streams ended, connections
     * drained) and starts a new one on the same address, which open pages keep using.
     */
    async restartGateway() {
      const { port } = new URL(gateway.baseUrl);
      await gateway.stop();
      gateway = await startTestGateway(identity.prefix, { ...gatewayConfig, PORT: port });
    },
    browser,
    newPage,
    approve,
    signIn,
    approvedUser,
    listMedicine,
    /** Declares a console error the current test provokes on purpose. */
    expectConsoleError(pattern: RegExp) {
      expectedFailures.push(pattern);
    },
    /** Declares that the current test provokes a failed call the browser will log. */
    expectFailedCall(status: number) {
      expectedFailures.push(
        new RegExp(`Failed to load resource: the server responded with a status of ${status}`),
      );
    },
    /**
     * Ends a test: closes its pages (so none of them logs into the next test) and returns the
     * console errors seen, minus the declared ones; each test asserts there are none.
     */
    async finishTest() {
      await Promise.all(openContexts.splice(0).map((context) => context.close()));
      const errors = consoleErrors.splice(0).filter((e) => !expectedFailures.some((p) => p.test(e)));
      const calls = failedCalls.splice(0);
      expectedFailures = [];
      return errors.length ? [...errors, ...calls.map((c) => `(failed call: ${c})`)] : [];
    },
    async stop() {
      await browser.close();
      await gateway.stop();
      await services.stop();
    },
  };
}
export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/**
 * The set-up every browser test file shares: one platform for the file, stopped after it, and
 * after each test its pages closed with the spec-level promise that no page logged an error.
 * The returned object stands for the platform once `beforeAll` has started it.
 */
export function usePlatform(
  options: Parameters<typeof startPlatform>[0] = {},
  startTimeoutMs = 60_000,
): Platform {
  let started: Platform | undefined;
  beforeAll(async () => {
    started = await startPlatform(options);
  }, startTimeoutMs);
  afterAll(async () => started?.stop());
  afterEach(async () => {
    expect(await started!.finishTest()).toEqual([]);
  });
  return new Proxy({} as Platform, {
    get(_, key) {
      if (!started) throw new Error('the platform starts in beforeAll: use it inside a test');
      const value = (started as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
