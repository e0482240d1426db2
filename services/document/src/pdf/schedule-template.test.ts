import { describe, expect, it } from 'vitest';
import { AppError } from '@stundenplan/base';
import { parseExportRequest, PDF_ERRORS } from './schedule-payload.js';
import { clockTextEm, dayOffDateWidth, geometry, halfBlockInnerWidth, halfBlockTime, LAYOUT, renderScheduleHtml } from './schedule-template.js';
import { buildScheduleView } from './schedule-view.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';
const NOW = new Date('2026-11-22T10:00:00Z');

const students = [
  { member_id: A, name: 'Anna M.', fullName: 'Anna Müller', duration: 45 },
  { member_id: B, name: '<script>alert(1)</script>', fullName: '<b>Ben</b> & "Co"', duration: 30 },
  { member_id: C, name: 'Clara', fullName: 'Clara Weiß', duration: 30 },
];

function view(body: Record<string, unknown>) {
  return buildScheduleView(parseExportRequest({ studentsList: students, timeRange: { start: 32, end: 76 }, ...body }), { now: NOW });
}

const html = (body: Record<string, unknown>) => renderScheduleHtml(view(body));

describe('renderScheduleHtml', () => {
  const schedule = { Montag: { '09:00': A, '09:15': A, '09:30': A }, Dienstag: { '14:00': B, '14:15': B } };

  it('renders user text as text: no markup from names or the class name', () => {
    const out = html({ schedule, className: '<img src=x onerror=alert(1)>' });
    expect(out).not.toContain('<script>alert');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>Ben');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;b&gt;Ben&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(out).toContain('<h1>Stundenplan – &lt;img src=x onerror=alert(1)&gt;</h1>');
  });

  it('loads nothing: no scripts, links, images or URLs, and a CSP that forbids them', () => {
    const out = html({ schedule, className: 'Klavier' });
    expect(out).not.toMatch(/<script|<link|<img|url\(|@import|https?:/i);
    expect(out).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(out).toContain('size: A4 landscape');
    expect(out).toContain('<html lang="de">');
  });

  it('shows title, German date and time range', () => {
    const out = html({ schedule, className: 'Klavier 5b' });
    expect(out).toContain('Stundenplan – Klavier 5b');
    expect(out).toContain('Stand: 22.11.2026');
    expect(out).toContain('Zeitbereich: 08:00–19:00 Uhr');
    expect(html({ schedule })).toContain('<h1>Stundenplan</h1>');
  });

  it('lays out one row per 15 minutes of the range with full-hour labels only', () => {
    const out = html({ schedule, timeRange: { start: 34, end: 50 } }); // 08:30–12:30
    const rows = [...out.matchAll(/<div class="r (hour|half|quarter)"/g)].map((m) => m[1]);
    expect(rows).toHaveLength(16);
    expect(rows.slice(0, 4)).toEqual(['half', 'quarter', 'hour', 'quarter']);
    expect([...out.matchAll(/<span class="hl">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('draws each lesson as one block spanning its rows, with name and time', () => {
    const v = view({ schedule, timeRange: { start: 34, end: 60 } });
    expect(v.blocks).toEqual([
      { column: 0, row: 2, rowSpan: 3, name: 'Anna M.', timeText: '09:00–09:45', colour: 0, cutTop: false, cutBottom: false },
      { column: 1, row: 22, rowSpan: 2, name: '<script>alert(1)</script>', timeText: '14:00–14:30', colour: 1, cutTop: false, cutBottom: false },
    ]);
    const out = renderScheduleHtml(v);
    const rowH = geometry(v).rowHeight;
    const mm = (n: number) => `${Number(n.toFixed(3))}mm`;
    expect(out).toContain(`top:${mm(2 * rowH + 0.25)};height:${mm(3 * rowH - 0.5)}`);
    expect(out).toContain('>Anna M.</div><div class="t" style="font-size:');
    expect(out).toContain('>09:00–09:45</div>');
  });

  it('cuts lessons at the range edges and lists lessons outside it with a note', () => {
    const v = view({ schedule: { Montag: { '07:45': A, '08:00': A, '08:15': A }, Mittwoch: { '20:00': C, '20:15': C } } });
    expect(v.blocks).toEqual([expect.objectContaining({ row: 0, rowSpan: 2, timeText: '07:45–08:30', cutTop: true, cutBottom: false })]);
    expect(v.entries).toEqual([
      expect.objectContaining({ name: 'Anna Müller', dayShort: 'Mo', timeText: '07:45–08:30', outside: false }),
      expect.objectContaining({ name: 'Clara Weiß', dayShort: 'Mi', timeText: '20:00–20:30', outside: true }),
    ]);
    expect(renderScheduleHtml(v)).toContain('* außerhalb des angezeigten Zeitbereichs');
  });

  it('shows Montag..Freitag always and the weekend only when it has lessons', () => {
    expect(view({ schedule }).days.map((d) => d.name)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag']);
    expect(view({ schedule: { ...schedule, Sonntag: { '10:00': C } } }).days.map((d) => d.name)).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Sonntag',
    ]);
  });

  it('lists every lesson alphabetically by full name and the unplaced students', () => {
    const v = view({ schedule: { Dienstag: { '14:00': C }, Montag: { '09:00': A, '09:15': A } } });
    expect(v.entries.map((e) => `${e.name} ${e.dayShort} ${e.timeText}`)).toEqual(['Anna Müller Mo 09:00–09:30', 'Clara Weiß Di 14:00–14:15']);
    expect(v.unplaced).toEqual(['<b>Ben</b> & "Co"']);
    const out = renderScheduleHtml(v);
    expect(out).toContain('<h2>Nicht eingeteilt</h2>');
    expect(out).toContain('2 eingeteilt · 1 nicht eingeteilt');
  });

  it('names members missing from studentsList "Unbekannt"', () => {
    const v = view({ schedule: { Montag: { '09:00': 'not-in-list' } } });
    expect(v.blocks[0]?.name).toBe('Unbekannt');
    expect(v.entries[0]?.name).toBe('Unbekannt');
  });

  it('fits any range on page 1 and moves long lists to the next page', () => {
    const full = view({ schedule, timeRange: { start: 0, end: 96 } });
    const g = geometry(full);
    expect(g.listBeside).toBe(true);
    expect(g.bodyHeight + LAYOUT.dayHeader).toBeLessThanOrEqual(LAYOUT.contentHeight - LAYOUT.header - LAYOUT.headerGap);
    expect(geometry(view({ schedule, timeRange: { start: 40, end: 44 } })).rowHeight).toBe(LAYOUT.maxRowHeight);

    const many = Array.from({ length: 60 }, (_, i) => ({ member_id: `m${i}`, name: `S${i}` }));
    const big = buildScheduleView(
      parseExportRequest({
        schedule: { Montag: Object.fromEntries(many.map((m, i) => [`${8 + Math.floor(i / 4)}:${['00', '15', '30', '45'][i % 4]}`, m.member_id])) },
        timeRange: { start: 32, end: 76 },
        studentsList: many,
      }),
      { now: NOW },
    );
    expect(geometry(big).listBeside).toBe(false);
    const out = renderScheduleHtml(big);
    expect(out).toContain('<section class="list own-page">');
  });
});

describe('halfBlockTime', () => {
  it('keeps the whole time on one line where it fits, else on two lines, else the start', () => {
    expect(halfBlockTime('09:00–10:00', halfBlockInnerWidth(37), 9.5, 3)).toEqual({ lines: ['09:00–10:00'], fontPt: expect.any(Number) });
    expect(halfBlockTime('09:00–10:00', halfBlockInnerWidth(26), 9.5, 3).lines).toEqual(['09:00–', '10:00']);
    expect(halfBlockTime('09:00–10:00', halfBlockInnerWidth(26), 9.5, 1).lines).toEqual(['09:00']);
  });

  it('never sets a time wider than the block', () => {
    for (const width of [20, 26, 30, 37, 45]) {
      for (const maxLines of [1, 2]) {
        const t = halfBlockTime('19:45–21:15', halfBlockInnerWidth(width), 9.5, maxLines);
        const widest = Math.max(...t.lines.map((l) => (clockTextEm(l) * t.fontPt * 25.4) / 72));
        expect(widest).toBeLessThanOrEqual(halfBlockInnerWidth(width) + 1e-9);
      }
    }
  });
});

describe('the hours of the PDF with the teacher’s first time', () => {
  const schedule = { Mittwoch: { '14:00': A, '14:15': A } };
  const rowsOf = (teacherStart: unknown, body: Record<string, unknown> = {}) => view({ schedule, teacherStart, ...body });

  it('start at the full hour of the teacher’s first time and keep the end', () => {
    const v = rowsOf(53);
    expect(v.timeRange).toEqual({ start: 52, end: 76 });
    expect(v.rows[0]).toMatchObject({ slot: 52, hourLabel: '13:00' });
    expect(v.rangeText).toBe('13:00–19:00 Uhr');
    expect(v.blocks[0]).toMatchObject({ row: 4, rowSpan: 2 });
  });

  it('start earlier than the range sent when the teacher starts earlier, and never after the first lesson', () => {
    expect(rowsOf(28).timeRange).toEqual({ start: 28, end: 76 });
    expect(rowsOf(70).timeRange).toEqual({ start: 56, end: 76 });
    expect(rowsOf(null).timeRange).toEqual({ start: 32, end: 76 });
    expect(rowsOf(undefined).timeRange).toEqual({ start: 32, end: 76 });
  });

  it.each([[-1], [96], [13.5], ['52']])('answer 400 in German for %s', (teacherStart) => {
    try {
      rowsOf(teacherStart);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).detail).toBe(PDF_ERRORS.teacherStartInvalid);
    }
  });
});

describe('the date column of the days without lessons', () => {
  const day = (dateText: string) => ({ dateText, reason: 'x', kind: 'break' as const });

  it('keeps its width for dates of one year and widens for a break across a year change', () => {
    expect(dayOffDateWidth([day('Mi 06.01.2027')])).toBe(LAYOUT.dayOffDate);
    expect(dayOffDateWidth([day('11.01.–15.01.2027')])).toBeLessThan(LAYOUT.dayOffDate + 1);
    const across = dayOffDateWidth([day('21.12.2026–06.01.2027')]);
    expect(across).toBeGreaterThan(LAYOUT.dayOffDate);
    // Beside the grid the label keeps most of the list's width.
    expect(LAYOUT.listWidth - across).toBeGreaterThan(30);
  });
});

describe('rooms on tiles and in the list', () => {
  const rooms = { [A]: { name: 'Raum 1.01', site_name: 'Hauptstelle' }, [C]: { name: 'Saal <3>', site_name: 'Nord' } };

  it('a tall tile names its room under the time; a one-line tile leaves it to the list; the list has it on a second line', () => {
    // Anna 45 minutes (tall), Clara 15 minutes (one line), Ben without a room; 14:00-18:00: tall rows.
    const out = html({
      schedule: { Montag: { '14:00': A, '14:15': A, '14:30': A }, Dienstag: { '15:00': C }, Mittwoch: { '16:00': B } },
      timeRange: { start: 56, end: 72 },
      rooms,
    });
    expect(out.match(/class="rm[^"]*"[^>]*>Raum 1\.01, Hauptstelle</g)).toHaveLength(1);
    expect(out).not.toMatch(/class="rm[^"]*"[^>]*>Saal/);
    expect(out).toContain('<span class="er">Raum 1.01, Hauptstelle</span>');
    expect(out).toContain('<span class="er">Saal &lt;3&gt;, Nord</span>');
    expect(out.match(/class="e with-room"/g)).toHaveLength(2);
  });

  it('without rooms nothing changes: no room line anywhere', () => {
    const out = html({ schedule: { Montag: { '14:00': A, '14:15': A, '14:30': A } }, timeRange: { start: 56, end: 72 } });
    const body = out.slice(out.indexOf('<body>'));
    expect(body).not.toMatch(/class="(rm|er)/);
    expect(body).not.toContain('with-room');
  });

  it('an entry with a room counts twice in the list’s height: a long list with rooms moves to its own page sooner', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ member_id: `m${i}`, name: `S${i}`, fullName: `Student ${i}`, duration: 15 }));
    const schedule = {
      Montag: Object.fromEntries(
        many.map((s, i) => [`${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`, s.member_id]),
      ),
    };
    const req = (withRooms: boolean) =>
      parseExportRequest({
        schedule,
        studentsList: many,
        timeRange: { start: 32, end: 76 },
        ...(withRooms ? { rooms: Object.fromEntries(many.map((s) => [s.member_id, { name: 'Raum 1.01', site_name: 'Hauptstelle' }])) } : {}),
      });
    expect(geometry(buildScheduleView(req(false), { now: NOW })).listBeside).toBe(true);
    expect(geometry(buildScheduleView(req(true), { now: NOW })).listBeside).toBe(false);
  });
});
