import { describe, expect, expectTypeOf, it } from 'vitest';
import { withSearch, type AppHref, type AppPath } from './navigation';

describe('app paths', () => {
  it('adds only the defined search parameters', () => {
    expect(withSearch('/my-impact', { view: 'contributions', year: undefined })).toBe('/my-impact?view=contributions');
    expect(withSearch('/set-target', {})).toBe('/set-target');
  });

  it('are type-checked against the route tree (typecheck fails on an unknown path)', () => {
    const id = 7 as number;
    expectTypeOf<'/wallet'>().toMatchTypeOf<AppPath>();
    expectTypeOf<`/project/${typeof id}/sponsor`>().toMatchTypeOf<AppPath>();
    expectTypeOf<'/my-impact?view=contributions'>().toMatchTypeOf<AppHref>();
    expectTypeOf<'/'>().toMatchTypeOf<AppPath>();
    expectTypeOf<'/walet'>().not.toMatchTypeOf<AppHref>();
    expectTypeOf<'/nl/wallet'>().not.toMatchTypeOf<AppHref>();
    expectTypeOf<'wallet'>().not.toMatchTypeOf<AppHref>();
  });
});
