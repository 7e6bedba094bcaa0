// A link to a moment the workspace does not know (`?at=banana`): the page says so, with the server's reason, and its
// one way out is the live page (the URL loses `at`), not a Retry that asks for the same moment again.
import { expect, openStudio, test } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';

test('a bad ?at= link says the moment is unknown and goes to Live', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&at=banana');
  const gate = page.getByTestId('unknown-moment');
  await expect(gate).toContainText('This link asks for a moment this workspace does not know (at=banana).');
  await expect(gate).toContainText('moment "banana" is neither an ISO 8601 time');
  await expect(gate.getByRole('button')).toHaveText(['Go to Live']);
  // The header does not call it the past either.
  await expect(page.getByTestId('connection')).toHaveText('No such moment');
  // Nor does the timeline: no "as at", nothing changed since a moment that is none.
  await expect(page.getByTestId('moment')).toHaveText('no such moment');
  await expect(page.getByText('what changed since')).toHaveCount(0);
  await expectAccessible(page, 'an unknown moment');
  await gate.getByRole('button', { name: 'Go to Live' }).click();
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page).toHaveURL(/[?&]branch=main/);
  await expect(page.getByTestId('connection')).toHaveText('Live');
  await expect(page.getByTestId('step-card').first()).toBeVisible();
});
