// Time travel on the real page: drag the timeline back before auth-jwt's merge and see the branch active and main
// without the merge commit, the page saying it shows the past; replay forward and see it merge; live appends do not
// move the travelling page; Now; a replay that reaches the end returns to Live.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TimelineResponse } from '../shared/timeline-api.ts';
import { axisScale } from '../web/features/timeline/axisScale.ts';
import { expect, openStudio, test } from './fixtures.ts';

test('travel before a merge, replay through it, return to now', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&tab=commits');
  const list = page.getByRole('region', { name: 'Branch list' });
  const axis = page.getByRole('slider', { name: 'Moment' });
  await expect(list.locator('[data-branch="auth-jwt"]')).toContainText('merged → main');
  await expect(page.getByTestId('commit-card').filter({ hasText: 'Merged branch' })).toHaveCount(1);

  // Where the merge sits on the axis: merged_at between the workspace's first and last event.
  const meta = readFileSync(join(studio.gcc, 'branches/auth-jwt/metadata.yaml'), 'utf8');
  const merged = Date.parse(/merged_at: '([^']+)'/.exec(meta)![1]!.replace(/(\.\d{3})\d+/, '$1'));
  const created = Date.parse(/created_at: '([^']+)'/.exec(meta)![1]!.replace(/(\.\d{3})\d+/, '$1'));
  const t = (await (await page.request.get(`${studio.origin}/api/timeline?buckets=10`, { headers: { authorization: `Bearer ${studio.token}` } })).json()) as TimelineResponse;
  const box = (await axis.boundingBox())!;
  // Where the page draws a time (a quiet stretch of the seed's, if any, is drawn narrow).
  const scale = axisScale(t.segments, box.width);
  const xOf = (ms: number) => box.x + scale.xAtMs(ms);

  // Drag from the right end back to halfway between the branch's creation and its merge.
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(xOf((created + merged) / 2 + 300), box.y + box.height / 2, { steps: 8 });
  await page.mouse.move(xOf((created + merged) / 2), box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page).toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('moment')).not.toHaveText('Live');
  // The past looks like the past: the header says so, and the branch's age counts from the moment.
  await expect(page.getByTestId('connection')).toHaveText('Past');
  await expect(page.getByRole('switch', { name: /Pause/ })).toHaveCount(0);
  await expect(list.locator('[data-branch="auth-jwt"]')).toContainText(/ \d+ s ago /);
  await expect(list.locator('[data-branch="auth-jwt"]')).not.toContainText('merged');
  await expect(list.locator('[data-branch="auth-session"]')).toHaveCount(0);
  await expect(page.getByTestId('commit-card')).toHaveCount(2);
  await expect(page.getByTestId('commit-card').filter({ hasText: 'Merged branch' })).toHaveCount(0);

  // A live append does not move the travelling page: once the live stream has brought it (the axis, which follows
  // the live workspace, now reaches the new step), the page still shows the moment.
  const endBefore = Number(await axis.getAttribute('aria-valuemax'));
  studio.writer.logStep('main', { observation: 'new while travelling', thought: 't', action: 'a' });
  await expect.poll(async () => Number(await axis.getAttribute('aria-valuemax'))).toBeGreaterThan(endBefore);
  await expect(page.getByTestId('commit-card')).toHaveCount(2);

  // Replay forward in real time: the merge happens on the page. (Faster, the replay could be past the records and over
  // the quiet days to the step just written before Pause is pressed: it leaps over a quiet stretch.)
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('1');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(list.locator('[data-branch="auth-jwt"]')).toContainText('merged → main', { timeout: 10_000 });
  await expect(page.getByTestId('commit-card').filter({ hasText: 'Merged branch' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Pause' }).click();

  // Arrow keys step record by record; Now returns to live.
  const paused = page.url();
  await page.locator('body').press('ArrowLeft');
  // The step has landed (the URL moved) before Now is pressed.
  await expect(page).not.toHaveURL(paused);
  await expect(page).toHaveURL(/at=[^&]*(%40|@)(step|commit)%3A\d+|at=\d{4}-/);
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('moment')).toHaveText('Live');
  await expect(page.getByTestId('connection')).toHaveText('Live');
  await expect(list.locator('[data-branch="auth-session"]')).toHaveCount(1);
});

test('a replay that reaches the end returns to Live', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&at=auth-session%40step%3A2');
  await expect(page.getByTestId('connection')).toHaveText('Past');
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('record');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByTestId('moment')).toHaveText('Live', { timeout: 10_000 });
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('connection')).toHaveText('Live');
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();
});

test('a deep link opens the page at the moment', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&tab=commits&at=auth-jwt%40step%3A2');
  // In local time, in full, like every other time on the page; the UTC instant and the record in its title.
  const time = page.getByTestId('moment').locator('time');
  await expect(time).toHaveText(/^2026-12-0\d \d\d:\d\d:14$/);
  await expect(time).toHaveAttribute('title', /^2026-12-02T13:58:14\.\d+Z · auth-jwt@step:2$/);
  await expect(page.getByRole('region', { name: 'Branch list' }).locator('[data-branch="auth-jwt"]')).toBeVisible();
  await expect(page.getByTestId('commit-card')).toHaveCount(2);
  // What changed from then to now: the merge, the branch made after it.
  await page.getByText('what changed since').click();
  const changes = page.getByTestId('moment-changes');
  await expect(changes).toContainText('auth-jwt active → merged');
  await expect(changes).toContainText('auth-session created');
});

test('a step written days after the rest: the quiet days are drawn narrow, and the records keep the axis', async ({ page, studio }) => {
  // The corpus's records are from 2026-12-02; this step is written now, days later.
  studio.writer.logStep('main', { observation: 'back after a pause', thought: 't', action: 'a' });
  await openStudio(page, studio.url, 'branch=main');
  const axis = page.getByRole('slider', { name: 'Moment' });
  // The axis reaches the new step once the server has read it.
  await expect.poll(async () => Number(await axis.getAttribute('aria-valuemax'))).toBeGreaterThan(Date.parse('2026-12-03'));
  const t = (await (await page.request.get(`${studio.origin}/api/timeline`, { headers: { authorization: `Bearer ${studio.token}` } })).json()) as TimelineResponse;
  const quiet = t.segments.filter((s) => s.quiet);
  expect(quiet).toHaveLength(1);
  expect(quiet[0]!.toMs - quiet[0]!.fromMs).toBeGreaterThan(2 * 86_400_000);

  // The pointer says where a click would go: over the pause, how long it was.
  const box = (await axis.boundingBox())!;
  const quietPiece = axisScale(t.segments, box.width).pieces.find((p) => p.quiet)!;
  await page.mouse.move(box.x + ((quietPiece.x0 + quietPiece.x1) / 2) * box.width, box.y + box.height / 2);
  await expect(page.getByTestId('timeline-hover')).toHaveText(/^\d+ d without a record$/);
  // The wheel over it zooms in on what lies around it, and Show all goes back.
  await page.mouse.wheel(0, -100);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByRole('button', { name: 'Show all' })).toHaveCount(0);

  // A click a third of the way along lands among the records of 2026-12-02, not in the pause (on one straight axis,
  // that day's records all sat in the first pixels).
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await expect(page.getByTestId('timeline-hover')).toHaveText(/^2026-12-0\d \d\d:58:\d\d$/);
  await page.mouse.click(box.x + box.width / 3, box.y + box.height / 2);
  await expect(page).toHaveURL(/[?&]at=2026-12-02T13%3A58/);
  await expect(page.getByTestId('connection')).toHaveText('Past');

  // A replay leaps over the quiet days (at 100×, playing them through would take 40 minutes a day).
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByTestId('moment')).toHaveText('Live', { timeout: 10_000 });
});

test('← from the live page goes to the newest record, and → past the last record is live again', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main');
  await expect(page.getByRole('slider', { name: 'Moment' })).toBeVisible();
  await page.locator('body').press('ArrowLeft');
  await expect(page).toHaveURL(/[?&]at=auth-session(%40|@)commit%3A1(&|$)/);
  await expect(page.getByTestId('connection')).toHaveText('Past');
  await page.locator('body').press('ArrowRight');
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('moment')).toHaveText('Live');
});

test('on a narrow window the axis keeps its width while travelling and zoomed', async ({ page, studio }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await openStudio(page, studio.url, 'branch=main');
  const axis = page.getByRole('slider', { name: 'Moment' });
  await expect(axis).toBeVisible();
  const live = (await axis.boundingBox())!;
  await page.mouse.click(live.x + live.width / 2, live.y + live.height / 2);
  await expect(page.getByTestId('connection')).toHaveText('Past');
  expect((await axis.boundingBox())!.width).toBeCloseTo(live.width, 0);
  await page.mouse.wheel(0, -100);
  await expect(page.getByRole('button', { name: 'Show all' })).toBeVisible();
  expect((await axis.boundingBox())!.width).toBeCloseTo(live.width, 0);
});

test('the axis is a slider with its keys: Home the first moment, End live, + and − zoom', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main');
  const axis = page.getByRole('slider', { name: 'Moment' });
  await axis.focus();
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(/[?&]at=2026-12-02T13%3A58%3A02/);
  await expect(page.getByTestId('connection')).toHaveText('Past');
  await page.keyboard.press('+');
  await expect(page.getByRole('button', { name: 'Show all' })).toBeVisible();
  await page.keyboard.press('-');
  await expect(page.getByRole('button', { name: 'Show all' })).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('moment')).toHaveText('Live');
});

