/**
 * The timetable as one self-contained HTML page for Chromium's print-to-PDF:
 * A4 landscape, German, system fonts only (DejaVu Sans / Liberation), no scripts, no network
 * resources (a CSP forbids them), every user text HTML-escaped.
 *
 * Layout (page 1, 277 x 190 mm inside 10 mm margins):
 * - header: "Stundenplan – {class}", time range and counts; "Stand: dd.mm.yyyy" on the right;
 * - the week grid: a time column with full-hour labels and one column per shown day, one row per
 *   15-minute slot of the range; the row height shrinks so the whole range always fits on page 1
 *   (at most 6.5 mm); each lesson is one block spanning its rows with the short name and its time
 *   (two lines when the block is tall enough, else one line "Name 09:00–09:15");
 * - the list (every lesson alphabetically, then "Nicht eingeteilt") beside the grid when it fits
 *   the page height; longer lists move to the following page(s) in three columns and the grid
 *   takes the full width.
 */
import { escapeHtml } from '@stundenplan/base';
import { boldLines, dateTextEm, PT_PER_MM } from './text-measure.js';
import { HALF_TIME_MIN_PT, halfBlockInnerWidth, halfBlockTime } from './half-block-time.js';
import { DAYS_OFF_HEADING, WEEK_NOTE, weekMark, type DayOff, type GridBlock, type ListEntry, type ScheduleView } from './schedule-view.js';

/** [fill, accent] per student; print-friendly pastel fills, the text stays black. */
const PALETTE: readonly (readonly [string, string])[] = [
  ['#dbeafe', '#2563eb'],
  ['#dcfce7', '#16a34a'],
  ['#fef3c7', '#d97706'],
  ['#fce7f3', '#db2777'],
  ['#ede9fe', '#7c3aed'],
  ['#cffafe', '#0891b2'],
  ['#fee2e2', '#dc2626'],
  ['#e0e7ff', '#4f46e5'],
  ['#ecfccb', '#65a30d'],
  ['#ffedd5', '#ea580c'],
  ['#f1f5f9', '#475569'],
  ['#fae8ff', '#c026d3'],
];

export { clockTextEm } from './text-measure.js';
export { halfBlockInnerWidth, halfBlockTime, type HalfBlockTime } from './half-block-time.js';

/** Page geometry in millimetres. */
export const LAYOUT = Object.freeze({
  contentWidth: 277,
  contentHeight: 190,
  header: 14,
  headerGap: 2,
  dayHeader: 7,
  timeColumn: 13,
  maxRowHeight: 6.5,
  listWidth: 72,
  listGap: 5,
  listLine: 4.2,
  listHeading: 6.5,
  listNote: 5,
  /** The date column of "Tage ohne Unterricht" at least; wider when a date text needs it (a break across a year). */
  dayOffDate: 27,
  /** Font size of the list's lines in pt. */
  listFont: 8.5,
});

const f = (n: number) => Number(n.toFixed(3));

/** Height the list needs beside the grid, in mm. */
function listHeight(view: ScheduleView): number {
  const L = LAYOUT;
  return (
    L.listHeading +
    view.entries.length * L.listLine +
    // An entry with a room has a second line.
    view.entries.filter((e) => e.room).length * L.listLine +
    (view.unplaced.length ? L.listHeading + view.unplaced.length * L.listLine : 0) +
    (view.hasOutside ? L.listNote : 0) +
    (view.hasWeeks ? L.listNote : 0) +
    (view.daysOff.length ? L.listHeading + view.daysOff.length * L.listLine : 0)
  );
}

export interface TemplateGeometry {
  listBeside: boolean;
  gridWidth: number;
  rowHeight: number;
  bodyHeight: number;
}

export function geometry(view: ScheduleView): TemplateGeometry {
  const L = LAYOUT;
  const mainHeight = L.contentHeight - L.header - L.headerGap;
  const listBeside = listHeight(view) <= mainHeight - 2;
  const gridWidth = listBeside ? L.contentWidth - L.listWidth - L.listGap : L.contentWidth;
  const rows = Math.max(1, view.rows.length);
  // Floor to 0.01 mm so rounding can never push the grid past the page.
  const rowHeight = Math.floor(Math.min(L.maxRowHeight, (mainHeight - L.dayHeader - 1) / rows) * 100) / 100;
  return { listBeside, gridWidth, rowHeight, bodyHeight: f(rowHeight * rows) };
}

/** Block text sizes in pt: larger when the rows are tall (short ranges), never below 8.5 / 7.5. */
function blockFonts(rowHeight: number): { name: number; time: number } {
  const name = f(Math.max(8.5, Math.min(10.5, rowHeight * 1.55)));
  return { name, time: f(name - 1) };
}

/** Width in mm of the date column of "Tage ohne Unterricht": the widest date text, at least LAYOUT.dayOffDate. */
export function dayOffDateWidth(daysOff: readonly DayOff[]): number {
  const widest = Math.max(0, ...daysOff.map((d) => dateTextEm(d.dateText)));
  return f(Math.max(LAYOUT.dayOffDate, Math.ceil(((widest * LAYOUT.listFont) / PT_PER_MM) * 10) / 10));
}

/** A biweekly lesson in its half of the day column: name over its time, never a cut time. */
function halfBlockHtml(
  b: GridBlock & { week: NonNullable<GridBlock['week']> },
  rowHeight: number,
  columnWidth: number,
  classes: string,
  style: string,
): string {
  const height = b.rowSpan * rowHeight - 0.5;
  const inner = height - 0.5;
  const fonts = blockFonts(rowHeight);
  const lineMm = (pt: number) => (pt * 1.12) / PT_PER_MM;
  const innerWidth = halfBlockInnerWidth(columnWidth);
  // The week stays whole after the name, which alone gives way (ellipsis) when the half is narrow.
  const mark = weekMark(b.week);
  const plain = b.name.endsWith(mark) ? b.name.slice(0, -mark.length) : b.name;
  const week = `<span class="wk">${escapeHtml(mark.trim())}</span>`;
  const name = `<span class="nm">${escapeHtml(plain)}</span>${week}`;
  const roomForTime = Math.floor((inner - lineMm(fonts.name)) / lineMm(Math.min(fonts.time, HALF_TIME_MIN_PT)));
  if (roomForTime >= 1) {
    const time = halfBlockTime(b.timeText, innerWidth, fonts.time, roomForTime);
    const lines = time.lines.map((l) => `<div class="t" style="font-size:${time.fontPt}pt">${escapeHtml(l)}</div>`).join('');
    // With room for a second name line: the name wraps with its week when both fit on two lines ("Carla" / "C. (B)"),
    // else the name gives way on the first line and the week takes the second.
    // The room takes the line after the time when the half has it (else the list names it).
    const roomPt = Math.min(time.fontPt, HALF_TIME_MIN_PT);
    const afterTime = inner - lineMm(fonts.name) - time.lines.length * lineMm(time.fontPt);
    const room = b.room && afterTime >= lineMm(roomPt) ? `<div class="rm" style="font-size:${roomPt}pt">${escapeHtml(b.room)}</div>` : '';
    const spare = afterTime - (room ? lineMm(roomPt) : 0);
    const fitsTwo = boldLines(`${plain}${mark}`, (innerWidth * PT_PER_MM) / fonts.name) <= 2;
    const head = spare < lineMm(fonts.name) ? ['n', name] : fitsTwo ? ['n wrap', `${escapeHtml(plain)} ${week}`] : ['n split', name];
    return `<div class="${classes} two" style="${style}"><div class="${head[0]}" style="font-size:${fonts.name}pt">${head[1]}</div>${lines}${room}</div>`;
  }
  // One line: the start first (it always fits), then as much of the name as there is room for.
  const fontPt = f(Math.max(4, Math.min(fonts.time, (inner * PT_PER_MM) / 1.12)));
  const time = halfBlockTime(b.timeText, innerWidth, fontPt, 1).lines[0] === b.timeText ? b.timeText : (b.timeText.split('–')[0] ?? b.timeText);
  return `<div class="${classes} one" style="${style};font-size:${fontPt}pt"><span class="t">${escapeHtml(time)}</span><span class="n">${name}</span></div>`;
}

function blockHtml(b: GridBlock, rowHeight: number, columnWidth: number): string {
  // The colour index is taken modulo the palette's length: always one of its pairs.
  const [fill, accent] = PALETTE[b.colour % PALETTE.length]!;
  const top = b.row * rowHeight + 0.25;
  const height = b.rowSpan * rowHeight - 0.5;
  const inner = height - 0.5; // vertical padding
  const fonts = blockFonts(rowHeight);
  const classes = ['b', b.cutTop ? 'cut-top' : '', b.cutBottom ? 'cut-bottom' : '', b.week ? `w${b.week.toLowerCase()}` : ''].filter(Boolean).join(' ');
  const style = `top:${f(top)}mm;height:${f(height)}mm;background:${fill};border-left-color:${accent}`;
  if (b.week) return halfBlockHtml({ ...b, week: b.week }, rowHeight, columnWidth, classes, style);
  const name = escapeHtml(b.name);
  const time = escapeHtml(b.timeText);
  const twoLines = ((fonts.name + fonts.time) * 1.12) / PT_PER_MM;
  if (inner >= twoLines) {
    // The room takes a third line when the block has it, a fourth too when it is tall enough (else the list names it).
    const roomLine = (fonts.time * 1.12) / PT_PER_MM;
    const roomLines = b.room ? Math.min(2, Math.floor((inner - twoLines) / roomLine)) : 0;
    const room = b.room && roomLines > 0 ? `<div class="rm${roomLines > 1 ? ' wrap' : ''}" style="font-size:${fonts.time}pt">${escapeHtml(b.room)}</div>` : '';
    // A long name wraps in what is left.
    const nameClass = inner >= twoLines + Math.max(0, roomLines) * roomLine + (fonts.name * 1.12) / PT_PER_MM ? 'n wrap' : 'n';
    return (
      `<div class="${classes} two" style="${style}"><div class="${nameClass}" style="font-size:${fonts.name}pt">${name}</div>` +
      `<div class="t" style="font-size:${fonts.time}pt">${time}</div>${room}</div>`
    );
  }
  const fontPt = f(Math.max(4, Math.min(fonts.time, (inner * PT_PER_MM) / 1.12)));
  return `<div class="${classes} one" style="${style};font-size:${fontPt}pt"><span class="n">${name}</span><span class="t">${time}</span></div>`;
}

function entryHtml(e: ListEntry): string {
  const [fill, accent] = PALETTE[e.colour % PALETTE.length]!;
  return (
    `<div class="e${e.outside ? ' outside' : ''}${e.room ? ' with-room' : ''}"><span class="sw" style="background:${fill};border-color:${accent}"></span>` +
    `<span class="en">${escapeHtml(e.name)}${e.outside ? ' *' : ''}</span><span class="ed" title="${escapeHtml(e.dayName)}">${escapeHtml(e.dayShort)}</span>` +
    `<span class="et">${escapeHtml(e.timeText)}</span>${e.room ? `<span class="er">${escapeHtml(e.room)}</span>` : ''}</div>`
  );
}

function dayOffHtml(d: DayOff, dateWidth: number): string {
  return `<div class="o ${d.kind}" style="grid-template-columns:${dateWidth}mm minmax(0, 1fr)"><span class="od">${escapeHtml(d.dateText)}</span><span class="or">${escapeHtml(d.reason)}</span></div>`;
}

function listHtml(view: ScheduleView, beside: boolean): string {
  const parts = [`<section class="list ${beside ? 'beside' : 'own-page'}">`];
  if (!beside) parts.push(`<div class="cont">${escapeHtml(view.title)} · ${escapeHtml(view.dateText)}</div>`);
  parts.push('<h2>Einteilung</h2>', '<div class="entries">');
  parts.push(...view.entries.map(entryHtml), '</div>');
  if (view.unplaced.length) {
    parts.push('<h2>Nicht eingeteilt</h2>', '<div class="entries">');
    parts.push(...view.unplaced.map((n) => `<div class="u">${escapeHtml(n)}</div>`), '</div>');
  }
  if (view.hasOutside) parts.push('<p class="note">* außerhalb des angezeigten Zeitbereichs</p>');
  if (view.hasWeeks) parts.push(`<p class="note">${escapeHtml(WEEK_NOTE)}</p>`);
  if (view.daysOff.length)
    parts.push(`<h2>${DAYS_OFF_HEADING}</h2>`, '<div class="entries">', ...view.daysOff.map((d) => dayOffHtml(d, dayOffDateWidth(view.daysOff))), '</div>');
  parts.push('</section>');
  return parts.join('');
}

/** Width of one day column in mm. */
const columnWidth = (view: ScheduleView, g: TemplateGeometry) => (g.gridWidth - LAYOUT.timeColumn) / Math.max(1, view.days.length);

function gridHtml(view: ScheduleView, g: TemplateGeometry): string {
  const cols = `${LAYOUT.timeColumn}mm repeat(${view.days.length}, minmax(0, 1fr))`;
  const head = [`<div class="dh corner"></div>`, ...view.days.map((d) => `<div class="dh">${escapeHtml(d.name)}</div>`)].join('');
  const rows = view.rows
    .map((r) => `<div class="r ${r.kind}" style="height:${g.rowHeight}mm">${r.hourLabel ? `<span class="hl">${r.hourLabel}</span>` : ''}</div>`)
    .join('');
  const columns = view.days
    .map(
      (_d, i) =>
        `<div class="col">${view.blocks
          .filter((b) => b.column === i)
          .map((b) => blockHtml(b, g.rowHeight, columnWidth(view, g)))
          .join('')}</div>`,
    )
    .join('');
  return (
    `<section class="grid" style="width:${g.gridWidth}mm">` +
    `<div class="head" style="grid-template-columns:${cols}">${head}</div>` +
    `<div class="body" style="height:${g.bodyHeight}mm">` +
    `<div class="rows">${rows}</div>` +
    `<div class="cols" style="grid-template-columns:${cols}"><div class="tc"></div>${columns}</div>` +
    `</div></section>`
  );
}

const CSS = `
@page { size: A4 landscape; margin: 10mm; }
* { box-sizing: border-box; margin: 0; padding: 0; }
html, body { background: #fff; color: #111; }
body { font-family: "DejaVu Sans Condensed", "DejaVu Sans", "Liberation Sans Narrow", "Liberation Sans", Arial, sans-serif;
  font-size: 8pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page1 { width: ${LAYOUT.contentWidth}mm; height: ${LAYOUT.contentHeight}mm; overflow: hidden; }
header { height: ${LAYOUT.header}mm; margin-bottom: ${LAYOUT.headerGap}mm; display: flex; justify-content: space-between; align-items: flex-start;
  border-bottom: 0.4mm solid #1f2937; }
header .left { min-width: 0; flex: 1; }
h1 { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 16pt; font-weight: bold; line-height: 1.2;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.meta { font-size: 9pt; color: #374151; margin-top: 0.8mm; }
.date { font-size: 10pt; font-weight: bold; white-space: nowrap; padding-left: 6mm; padding-top: 1mm; }
main { display: flex; gap: ${LAYOUT.listGap}mm; align-items: flex-start; }
.grid { flex: none; }
.head { display: grid; height: ${LAYOUT.dayHeader}mm; }
.dh { background: #e5e7eb; border-top: 0.2mm solid #9ca3af; border-left: 0.2mm solid #9ca3af; font-weight: bold; font-size: 9.5pt;
  display: flex; align-items: center; justify-content: center; overflow: hidden; white-space: nowrap; }
.dh.corner { background: #fff; border-color: #fff; }
.dh:last-child { border-right: 0.2mm solid #9ca3af; }
.body { position: relative; border-bottom: 0.3mm solid #6b7280; }
.rows { position: absolute; inset: 0; }
.r { position: relative; border-top: 0.15mm solid #eceff1; }
.r.half { border-top: 0.15mm solid #d1d5db; }
.r.hour { border-top: 0.25mm solid #6b7280; }
.r:first-child { border-top-color: #6b7280; }
.hl { position: absolute; z-index: 1; left: 0.3mm; top: 0.25mm; padding: 0 0.3mm; background: #fff; font-size: 8pt; line-height: 1; color: #1f2937; font-variant-numeric: tabular-nums; }
.cols { position: absolute; inset: 0; display: grid; }
.col { position: relative; border-left: 0.2mm solid #9ca3af; }
.col:last-child { border-right: 0.2mm solid #9ca3af; }
.b { position: absolute; left: 0.6mm; right: 0.6mm; overflow: hidden; border-left: 1.2mm solid; border-radius: 0.8mm;
  padding: 0.25mm 0.8mm; line-height: 1.12; color: #111; }
.b.wa { right: calc(50% + 0.2mm); }
.b.wb { left: calc(50% + 0.2mm); }
.b.wa, .b.wb { border-left-width: 0.8mm; padding: 0.25mm 0.5mm; }
.b.wa .t, .b.wb .t { text-overflow: clip; }
.b.cut-top { border-top: 0.4mm dashed #374151; border-top-left-radius: 0; border-top-right-radius: 0; }
.b.cut-bottom { border-bottom: 0.4mm dashed #374151; border-bottom-left-radius: 0; border-bottom-right-radius: 0; }
.b.two .n { font-weight: bold; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.b.two .n.wrap { white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow-wrap: anywhere; }
.b.two .t { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; }
.b.two .rm { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: #374151; }
.b.two .rm.wrap { white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow-wrap: anywhere; }
.b.one { display: flex; gap: 0.8mm; align-items: center; white-space: nowrap; }
.b.one .n { font-weight: bold; flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.b.one .t { flex: none; font-variant-numeric: tabular-nums; }
.b.wa .n, .b.wb .n { display: flex; align-items: baseline; column-gap: 0.3em; }
.b.wa .n.split, .b.wb .n.split { flex-wrap: wrap; }
.b.wa .n.wrap, .b.wb .n.wrap { display: -webkit-box; }
.b.wa .n.wrap .wk, .b.wb .n.wrap .wk { white-space: nowrap; }
.b.wa .n .nm, .b.wb .n .nm { flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.b.wa .wk, .b.wb .wk { flex: none; font-weight: bold; }
.b.one.wa .n, .b.one.wb .n { flex: 1 1 auto; }
.list h2 { font-size: 10pt; height: ${LAYOUT.listHeading}mm; display: flex; align-items: flex-end; padding-bottom: 0.8mm;
  border-bottom: 0.3mm solid #1f2937; margin-bottom: 0.3mm; }
.list.beside { width: ${LAYOUT.listWidth}mm; flex: none; }
.list.own-page { break-before: page; }
.cont { font-size: 9pt; color: #374151; margin-bottom: 1mm; }
.list.own-page .entries { column-count: 3; column-gap: 8mm; }
.list.own-page h2 { break-after: avoid; }
.e { display: grid; grid-template-columns: 2.6mm minmax(0, 1fr) 6.5mm 19mm; column-gap: 1.2mm; align-items: center;
  height: ${LAYOUT.listLine}mm; border-bottom: 0.1mm solid #e5e7eb; break-inside: avoid; font-size: 8.5pt; }
.e .sw { width: 2.6mm; height: 2.6mm; border: 0.3mm solid; border-radius: 0.5mm; }
.e .en { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.e .ed { font-weight: bold; }
.e .et { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
.e.outside { color: #4b5563; }
.e.with-room { height: ${2 * LAYOUT.listLine}mm; grid-template-rows: 1fr 1fr; }
.e .er { grid-column: 2 / 5; font-size: 7.5pt; color: #4b5563; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.u { height: ${LAYOUT.listLine}mm; line-height: ${LAYOUT.listLine}mm; font-size: 8.5pt; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; border-bottom: 0.1mm solid #e5e7eb; break-inside: avoid; }
.o { display: grid; grid-template-columns: ${LAYOUT.dayOffDate}mm minmax(0, 1fr); column-gap: 1.2mm; align-items: center; height: ${LAYOUT.listLine}mm;
  border-bottom: 0.1mm solid #e5e7eb; break-inside: avoid; font-size: ${LAYOUT.listFont}pt; }
.o .od { white-space: nowrap; font-variant-numeric: tabular-nums; }
.o .or { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.note { font-size: 7.5pt; color: #4b5563; margin-top: 1.5mm; }
`;

/** The whole document; deterministic for a given view. */
export function renderScheduleHtml(view: ScheduleView): string {
  const g = geometry(view);
  const counts = [`${view.placedCount} eingeteilt`, ...(view.unplaced.length ? [`${view.unplaced.length} nicht eingeteilt`] : [])].join(' · ');
  const meta = [`Zeitbereich: ${escapeHtml(view.rangeText)}`, ...(view.semesterText ? [escapeHtml(view.semesterText)] : []), counts].join(' · ');
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(view.title)}</title>
<style>${CSS}</style>
</head>
<body>
<div class="page1">
<header><div class="left"><h1>${escapeHtml(view.title)}</h1><div class="meta">${meta}</div></div><div class="date">${escapeHtml(view.dateText)}</div></header>
<main>${gridHtml(view, g)}${g.listBeside ? listHtml(view, true) : ''}</main>
</div>
${g.listBeside ? '' : listHtml(view, false)}
</body>
</html>
`;
}
