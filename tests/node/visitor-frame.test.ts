// The frame name that makes the app a visitor's view of one library (src/app/visitor-frame.ts).
import { describe, expect, it } from 'vitest';
import { isVisitorFrame, VISITOR_FRAME, visitorFrameFor, visitorLibrary } from '../../src/app/visitor-frame';

describe('a visitor frame', () => {
  it('names the library it shows, and a frame without one is a visitor frame still waiting for it', () => {
    const name = visitorFrameFor('/libraries/Brand: assets.library');
    expect(visitorLibrary(name)).toBe('/libraries/Brand: assets.library');
    expect([isVisitorFrame(name), isVisitorFrame(VISITOR_FRAME), isVisitorFrame(''), isVisitorFrame('asset-library-visitors')]).toEqual([true, true, false, false]);
    for (const other of [VISITOR_FRAME, `${VISITOR_FRAME}:`, '', 'main']) expect(visitorLibrary(other), other).toBeUndefined();
  });
});
