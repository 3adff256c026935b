import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../modal';

/** A page whose dialog is closed by a plain (default priority) update, as a query's answer does. */
function Page({ closeSignal }: { closeSignal: Promise<void> }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    void closeSignal.then(() => setOpen(false));
  }, [closeSignal]);
  return (
    <>
      <h1>The page</h1>
      <Modal open={open} title="Notice" description="Something to read." />
    </>
  );
}

const hiddenChildren = () => document.querySelectorAll('body > [aria-hidden="true"]').length;

describe('Modal under jsdom (no showModal)', () => {
  const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  afterEach(() => {
    reactAct.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('hides the page behind while open and gives it back in the commit that removes it', async () => {
    let close!: () => void;
    const closeSignal = new Promise<void>((resolve) => (close = resolve));
    render(<Page closeSignal={closeSignal} />);
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
    expect(hiddenChildren()).toBe(1);

    // React's own scheduling, not act's: the state of the page is read the moment the dialog
    // leaves the DOM, before any later task of React's could run.
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    const seenAtRemoval = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('dialog')) return;
        observer.disconnect();
        resolve(hiddenChildren());
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    close();
    expect(await seenAtRemoval).toBe(0);
    reactAct.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });
});
