// main.md is the roadmap text followed by `## Update (TS)` sections appended by commits. The panel shows
// the body first and each update as its own dated entry.

export interface RoadmapSection {
  /** null for the part before the first update. */
  timestamp: string | null;
  heading: string | null;
  body: string;
}

const UPDATE = /^## Update(?: \((.*)\))?\s*$/;

export function splitRoadmap(text: string): RoadmapSection[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const sections: RoadmapSection[] = [];
  let current: RoadmapSection = { timestamp: null, heading: null, body: '' };
  const body: string[] = [];
  const flush = () => {
    current.body = body.join('\n').trim();
    body.length = 0;
    if (current.heading !== null || current.body !== '') sections.push(current);
  };
  for (const line of lines) {
    const m = UPDATE.exec(line);
    if (m) {
      flush();
      current = { timestamp: m[1] ?? null, heading: line.slice(3), body: '' };
    } else if (current.heading !== null && /^## /.test(line)) {
      // Another level-2 heading ends the update: it belongs to the roadmap proper, shown after the updates.
      flush();
      current = { timestamp: null, heading: null, body: '' };
      body.push(line);
    } else {
      body.push(line);
    }
  }
  flush();
  return sections;
}
