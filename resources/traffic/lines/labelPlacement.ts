/**
 * Places text labels next to map markers without overlaps: each label tries the right, left, top
 * and bottom of its marker and takes the first spot that touches no label placed before it (and stays
 * inside the map); a label with no free spot is left out (its marker keeps its tooltip). Pure.
 */
export interface LabelInput {
  key: string;
  x: number;
  y: number;
  text: string;
}

export interface PlacedLabel {
  key: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
  text: string;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Text width estimate: CJK glyphs are about one em wide, Latin ones about 0.6 em. */
export function textWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? fontSize : fontSize * 0.6;
  return w;
}

export function placeLabels(items: readonly LabelInput[], size: { width: number; height: number }, fontSize = 13, gap = 9): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [];
  const r = gap * 0.6;
  const markers: Box[] = items.map((m) => ({ x0: m.x - r, y0: m.y - r, x1: m.x + r, y1: m.y + r }));
  for (const m of items) {
    const w = textWidth(m.text, fontSize);
    const h = fontSize * 1.2;
    const spots: Array<{ box: Box; label: Omit<PlacedLabel, 'key' | 'text'> }> = [
      { box: { x0: m.x + gap, y0: m.y - h / 2, x1: m.x + gap + w, y1: m.y + h / 2 }, label: { x: m.x + gap, y: m.y, anchor: 'start' } },
      { box: { x0: m.x - gap - w, y0: m.y - h / 2, x1: m.x - gap, y1: m.y + h / 2 }, label: { x: m.x - gap, y: m.y, anchor: 'end' } },
      {
        box: { x0: m.x - w / 2, y0: m.y - gap - h, x1: m.x + w / 2, y1: m.y - gap },
        label: { x: m.x, y: m.y - gap - h / 2, anchor: 'middle' },
      },
      {
        box: { x0: m.x - w / 2, y0: m.y + gap, x1: m.x + w / 2, y1: m.y + gap + h },
        label: { x: m.x, y: m.y + gap + h / 2, anchor: 'middle' },
      },
    ];
    const free = spots.find(
      (s) =>
        s.box.x0 >= 0 &&
        s.box.y0 >= 0 &&
        s.box.x1 <= size.width &&
        s.box.y1 <= size.height &&
        !boxes.some((b) => overlaps(b, s.box)) &&
        !markers.some((b) => overlaps(b, s.box)),
    );
    if (!free) continue;
    boxes.push(free.box);
    placed.push({ key: m.key, text: m.text, ...free.label });
  }
  return placed;
}
