import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { endpoints, pathOf as contractPathOf } from './index.js';
import { pathOf } from './routes.js';
import { fileOfArea, routeTables, routesDts, routesJs } from './routes-text.js';

describe('zod-free routes for the browser (@stundenplan/contracts/routes)', () => {
  it('carry every contract with its id, method, path, body and answer kind', () => {
    const tables = routeTables();
    let count = 0;
    for (const [area, ns] of Object.entries(contracts)) {
      if (Object.prototype.toString.call(ns) !== '[object Module]') continue;
      for (const [name, value] of Object.entries(ns as object)) {
        const e = endpoints.find((x) => x === value);
        if (!e) continue;
        const route = tables[area]?.[name];
        expect(route, `${area}.${name}`).toMatchObject({ id: e.id, method: e.method, path: e.path });
        expect(route?.answerKind).toBe(e.answerKind);
        expect(route?.bodyKind ?? 'json').toBe(e.bodyKind);
        count++;
      }
    }
    expect(count).toBe(endpoints.length);
  });

  it('write plain objects, importing nothing but pathOf', () => {
    const js = routesJs();
    expect(js.split('\n').filter((line) => /^(import|export .* from )/.test(line))).toEqual(["export { pathOf } from './routes.js';"]);
    const tables = routeTables();
    for (const [area, routes] of Object.entries(tables)) expect(js).toContain(`export const ${area} = Object.freeze(${JSON.stringify(routes)});`);
  });

  it('type each table as its area of the contracts', () => {
    const dts = routesDts();
    for (const area of Object.keys(routeTables())) {
      expect(existsSync(new URL(`./${fileOfArea(area)}.ts`, import.meta.url)), area).toBe(true);
      expect(dts).toContain(`export declare const ${area}: RoutesOf<typeof ${area}Contracts>;`);
    }
  });

  it('fill paths as the contracts do', () => {
    const e = endpoints.find((x) => x.path.includes('{'))!;
    const params = Object.fromEntries([...e.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n, 'a b/ä']));
    expect(pathOf(e, params as never)).toBe(contractPathOf(e, params as never));
    expect(pathOf(e, params as never)).toContain('a%20b%2F%C3%A4');
  });
});
