import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until no dialog is shown and the page behind it is back in the accessibility tree.
 * Under jsdom the modal hides the rest of the page with aria-hidden and gives it back in the
 * commit that removes the dialog (a layout effect's cleanup); the second check holds it to that,
 * as a role query on the page right after the dialog is gone would miss a page left hidden.
 */
export async function dialogsClosed() {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('body > [aria-hidden="true"]')).toBeNull();
  });
}
