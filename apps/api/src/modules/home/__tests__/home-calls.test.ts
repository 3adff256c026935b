import { calls } from '@portal/contract';
import type { AgentConfig, PopularPlace } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { setMaintenanceWindow } from '../../../platform/maintenance';

let t: TestApp;
let withWidget: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  withWidget = await createTestApp({
    env: { VISA_WIDGET_URL: 'https://widget.visas.example/sdk.js' },
  });
});
afterAll(async () => {
  await t.close();
  await withWidget.close();
});

async function agentConfig(app: TestApp, payload?: unknown): Promise<AgentConfig> {
  const { body } = await app.call(calls.agentConfigV3, unchecked(payload));
  expect(body.state).toBe('1');
  return body.result as AgentConfig;
}

describe('/index/agent-config/v3', () => {
  it("answers the default channel's home page when no channel is given", async () => {
    const config = await agentConfig(t);
    expect(config).toMatchObject({
      channel: 'default',
      bankName: 'your bank',
      customerNotice: null,
      visaWidgetUrl: null,
      maintenance: {
        from: '2025-07-23T00:00:00Z',
        to: '2025-08-06T23:59:59Z',
      },
    });
    expect(config.appStore.apple).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(config.appStore.google).toMatch(/^https:\/\/play\.google\.com\//);
    expect(config.visaServiceUrl).toMatch(/^https:\/\//);
    expect(config.carousel.length).toBeGreaterThanOrEqual(3);
    expect(config.carousel.length).toBeLessThanOrEqual(4);
    for (const image of [config.banner.image, ...config.carousel.map((s) => s.image)]) {
      expect(image).toMatch(/^\/assets-api\/art\/(banner|slide)\/[\w-]+\.svg$/);
    }
    expect(config.notices).toEqual([
      expect.objectContaining({
        id: 'visa-service',
        link: { url: '/sherpa', text: 'Visa information' },
      }),
    ]);
    expect(config.notices[0]?.text).toContain('third-party');
  });

  it('names the bank per channel, ubni as ulster', async () => {
    expect((await agentConfig(t, { channel: 'natwest' })).bankName).toBe('NatWest');
    const ulster = await agentConfig(t, { channel: 'ubni' });
    expect(ulster).toMatchObject({ channel: 'ulster', bankName: 'Ulster Bank' });
    expect(ulster.banner.text).toContain('Ulster Bank');
  });

  it('words the banner for every bank, and leaves the call to register to the page', async () => {
    const coop = await agentConfig(t, { channel: 'coop' });
    expect(coop.banner.text).toMatch(/^With your Co-operative Bank lounge membership /);
    for (const channel of ['default', 'natwest', 'coop'])
      expect((await agentConfig(t, { channel })).banner.text).not.toContain('Register');
  });

  it('gives vm, and only vm, the customer notice', async () => {
    const vm = await agentConfig(t, { channel: 'vm' });
    expect(vm.customerNotice).toEqual({
      title: 'Customer notice',
      text: expect.stringContaining('ended on 1 February 2024') as string,
      endedOn: '2024-02-01',
      // They cannot log in to the contact form: the support mailbox is where they write.
      contactEmail: 'support@lounges.example',
    });
    expect(vm.customerNotice?.text).toContain('contact us');
    expect((await agentConfig(t, { channel: 'coop' })).customerNotice).toBeNull();
  });

  it("answers the operator's maintenance window once one is set", async () => {
    await setMaintenanceWindow(
      t.app.db,
      { from: '2026-01-15T00:00:00Z', to: '2026-01-16T00:00:00Z', message: 'Upgrading.' },
      t.clock.now(),
    );
    expect((await agentConfig(t)).maintenance).toEqual({
      from: '2026-01-15T00:00:00.000Z',
      to: '2026-01-16T00:00:00.000Z',
      message: 'Upgrading.',
    });
  });

  it('gives the visa widget URL when configured, and lets the page load it', async () => {
    expect((await agentConfig(withWidget)).visaWidgetUrl).toBe(
      'https://widget.visas.example/sdk.js',
    );
    const response = await withWidget.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain(
      "script-src 'self' https://widget.visas.example",
    );
  });

  it('refuses an unknown channel', async () => {
    const { body } = await t.call(calls.agentConfigV3, { channel: 'acme' });
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});

describe('/index/popular-places', () => {
  it('answers the 8 airports with the most products, ties by IATA code', async () => {
    const { body } = await t.call(calls.popularPlaces);
    const places = body.result as PopularPlace[];
    expect(places).toHaveLength(8);
    for (let i = 1; i < places.length; i++) {
      const [a, b] = [places[i - 1]!, places[i]!];
      expect(
        a.products > b.products || (a.products === b.products && a.iataCode < b.iataCode),
      ).toBe(true);
    }
    expect(places[0]).toMatchObject({
      image: `/assets-api/art/place/${places[0]!.iataCode}.svg`,
    });
    expect(places[0]?.city.length).toBeGreaterThan(0);
    expect(places[0]?.countryName.length).toBeGreaterThan(0);
  });

  it('takes a limit, and refuses one out of range', async () => {
    const { body } = await t.call(calls.popularPlaces, { limit: 3 });
    expect(body.result).toHaveLength(3);
    for (const limit of [0, 25, 'x']) {
      const bad = await t.call(calls.popularPlaces, unchecked({ limit }));
      expect(bad.body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});
