// The timeline under the header: every record on one time axis, the moment shown, and the controls to travel.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { workspaceOptions } from '../../api/queries.ts';
import { isExportedPage, pageSnapshot } from '../../api/snapshot.ts';
import { formatInstant } from '../../ui/time.ts';
import { momentOptions, timelineApi, timelineOptions } from '../../api/timelineQueries.ts';
import { useIdleAfter } from '../../state/useIdleAfter.ts';
import { useSettledRevision } from '../../state/useSettledRevision.ts';
import { useUrlValue } from '../../state/useUrlState.ts';
import { travelCount, travelTo } from './travel.ts';
import { isoMs } from './axisDraw.ts';
import type { AxisRange } from './axisScale.ts';
import { TimelineAxis } from './TimelineAxis.tsx';
import { ExportedBanner } from './ExportedBanner.tsx';
import { MomentBanner } from './MomentBanner.tsx';
import { GitMomentPicker } from './GitMomentPicker.tsx';
import { MomentChangesView } from './MomentChangesView.tsx';
import { REPLAY_SPEEDS, useReplay, type ReplaySpeed } from './useReplay.ts';
import './timeline.css';

export function Timeline() {
  if (!isExportedPage) return <LiveTimeline />;
  return pageSnapshot ? <ExportedBanner /> : null;
}

function LiveTimeline() {
  const at = useUrlValue((u) => u.at ?? null);
  const { data: live } = useQuery(workspaceOptions());
  const revision = useSettledRevision(live?.revision ?? 0, 250);
  const [zoom, setZoom] = useState<AxisRange | null>(null);
  const [width, setWidth] = useState(800);
  // The axis can wait for the first screen: asked once the page has drawn it (useIdleAfter says why).
  const afterFirstScreen = useIdleAfter(live !== undefined);
  const { data: axis } = useQuery({ ...timelineOptions(zoom?.fromMs ?? null, zoom?.toMs ?? null, Math.max(20, Math.floor(width / 3)), revision), enabled: afterFirstScreen });
  const { data: moment, error: momentError } = useQuery({ ...momentOptions(at ?? ''), enabled: at !== null });
  const momentMs = at && moment?.at ? isoMs(moment.at.time) : null;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(10);
  const bounds: AxisRange | null = axis && axis.startMs !== null && axis.endMs !== null ? { fromMs: axis.startMs, toMs: Math.max(axis.endMs, axis.startMs + 1) } : null;

  // A replay leaps over the quiet stretches the axis knows of: nothing happens in them.
  const quiet = useMemo(() => axis?.segments.filter((q) => q.quiet) ?? [], [axis]);
  useReplay({ playing, speed, momentMs: momentMs ?? bounds?.fromMs ?? null, moment: at ?? (axis?.start ?? null), endMs: bounds?.toMs ?? null, quiet, travelTo, stop: () => setPlaying(false) });
  useStopOnReturnToLive(at, setPlaying);
  // From the live page ← goes to the newest record (live is after it) and → nowhere; past the last record → is live.
  const step = useCallback(
    (dir: 'next' | 'prev') => {
      if (at === null && dir === 'next') return;
      const asked = travelCount();
      void timelineApi.adjacent(at ?? 'now', dir).then(({ record }) => {
        if (asked !== travelCount()) return;
        if (record) travelTo(record.moment);
        else if (dir === 'next') travelTo(null);
      });
    },
    [at],
  );
  useArrowKeys(step);

  // Its place is kept while the axis is asked for: a bar appearing a second after the page pushed everything under it
  // down 45 px (a click aimed at a tab landed on the branch header). A workspace without records has no timeline.
  const hasRecords = live?.branches.some((b) => b.stepCount + b.commitCount > 0) ?? false;
  if (!axis) return hasRecords ? <TimelinePlaceholder travelling={at !== null} /> : null;
  if (axis.startMs === null) return null;
  return (
    <section className={`timeline${at ? ' is-travelling' : ''}`} aria-label="Timeline">
      <TimelineControls at={at} playing={playing} setPlaying={setPlaying} speed={speed} setSpeed={setSpeed} step={step} />
      {axis.gitMoments?.length ? <GitMomentPicker at={at} moments={axis.gitMoments} travelTo={travelTo} /> : null}
      <TimelineAxis axis={axis} momentMs={momentMs} bounds={bounds} range={{ fromMs: axis.fromMs, toMs: Math.max(axis.toMs, axis.fromMs + 1) }} setZoom={setZoom} width={width} setWidth={setWidth} valueText={moment?.at ? formatInstant(moment.at.time) : 'now'} />
      {/* A fixed width (a row of its own on a narrow window, but for a bare Live or Paused, which keeps a place of one
          width beside the axis): the axis must not move under the pointer while the moment's text changes, or Show all
          comes and goes. */}
      <div className={`timeline-moment${at === null && !zoom ? ' is-bare' : ''}`}>
        {zoom ? (
          <button type="button" className="btn btn-small" title={`Zoomed in on ${formatInstant(new Date(zoom.fromMs).toISOString())} – ${formatInstant(new Date(zoom.toMs).toISOString())}`} onClick={() => setZoom(null)}>
            Show all
          </button>
        ) : null}
        <MomentBanner at={at} info={moment?.at ?? null} unknown={momentError !== null} />
        {at && momentError === null ? <MomentChangesView at={at} revision={revision} /> : null}
      </div>
    </section>
  );
}

interface ControlsProps {
  at: string | null;
  playing: boolean;
  setPlaying: (update: (playing: boolean) => boolean) => void;
  speed: ReplaySpeed;
  setSpeed: (speed: ReplaySpeed) => void;
  step: (dir: 'next' | 'prev') => void;
}

function TimelineControls({ at, playing, setPlaying, speed, setSpeed, step }: ControlsProps) {
  return (
    <div className="timeline-controls">
      <button type="button" className="btn btn-small" aria-label="Previous record" onClick={() => step('prev')}>
        ◀
      </button>
      <button type="button" className="btn btn-small" aria-label="Next record" onClick={() => step('next')}>
        ▶
      </button>
      <button type="button" className="btn btn-small" aria-pressed={playing} onClick={() => setPlaying((p) => !p)}>
        {playing ? 'Pause' : 'Replay'}
      </button>
      <select className="timeline-speed" aria-label="Replay speed" value={String(speed)} onChange={(e) => setSpeed(e.target.value === 'record' ? 'record' : (Number(e.target.value) as ReplaySpeed))}>
        {REPLAY_SPEEDS.map((s) => (
          <option key={String(s)} value={String(s)}>
            {s === 'record' ? '1 record/s' : `${s}×`}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-small"
        disabled={at === null}
        onClick={() => {
          setPlaying(() => false);
          travelTo(null);
        }}
      >
        Now
      </button>
    </div>
  );
}

/**
 * Back to Live from anywhere (the header's button, → past the last record) ends a replay, which would otherwise carry
 * the page back into the past on its next tick. A replay started from Live leaves Live itself: only past → live stops.
 */
function useStopOnReturnToLive(at: string | null, setPlaying: (playing: boolean) => void): void {
  const previous = useRef(at);
  useEffect(() => {
    if (previous.current !== null && at === null) setPlaying(false);
    previous.current = at;
  }, [at, setPlaying]);
}

/** ← and → step record by record, unless the keys are meant for a field. */
function useArrowKeys(step: (dir: 'next' | 'prev') => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? 'prev' : 'next');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);
}

/** The bar's height and look, empty, until its axis is in. */
function TimelinePlaceholder({ travelling }: { travelling: boolean }) {
  return (
    <section className="timeline" aria-hidden="true" data-testid="timeline-pending">
      <div className="timeline-axis timeline-axis-pending" />
      <div className={`timeline-moment${travelling ? '' : ' is-bare'}`} />
    </section>
  );
}
