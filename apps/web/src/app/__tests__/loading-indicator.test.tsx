import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** A response the test releases when it wants, to hold a request in flight. */
function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('the loading indicator', () => {
  it('shows while a request is in flight and goes when it ends', async () => {
    const { gate, release } = held();
    mockApi({
      '/faq/list': async () => {
        await gate;
        return envelope({ categories: [], items: [] });
      },
    });
    renderApp('/faqs');
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('never shows on the home page', async () => {
    const { gate, release } = held();
    mockApi({
      '/index/popular-places': async () => {
        await gate;
        return envelope([]);
      },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    release();
  });
});
