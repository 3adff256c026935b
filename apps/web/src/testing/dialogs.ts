import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until no dialog is shown and the page behind it is back in the accessibility tree.
 * Under jsdom the modal hides the rest of the page with aria-hidden and gives it back in its
 * effect's cleanup, which React may run a tick after the dialog has left the DOM: a role query
 * on the page right after the dialog is gone would otherwise miss on a slow machine.
 */
export async function dialogsClosed() {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('body > [aria-hidden="true"]')).toBeNull();
  });
}
