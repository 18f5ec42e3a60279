// The follow camera goes after the same unit again when the canvas's uncovered part changes (the
// Orders panel opened over a canvas that kept its size), but never after the user moved the camera
// himself since the follow, nor before it followed this moment at all.
import { describe, expect, it } from 'vitest';
import { CLEAR_SLACK, shouldFollowAgain } from '../../src/view/camera';

const whole = { left: 0, top: 0, right: 1920, bottom: 1080 };
const besidePanel = { left: 0, top: 0, right: 1500, bottom: 1080 };

describe('following again when the uncovered part changes', () => {
  it('a panel opened over the canvas after the follow: follows again', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: besidePanel })).toBe(true);
  });

  it('a panel folded away (the uncovered part grows): follows again', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: besidePanel, clear: whole })).toBe(true);
  });

  it('the user moved the camera since the follow: his view stays', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 4, followedClear: whole, clear: besidePanel })).toBe(false);
  });

  it('no follow yet for this moment: nothing', () => {
    expect(shouldFollowAgain({ followedAt: null, userMoves: 0, followedClear: null, clear: besidePanel })).toBe(false);
  });

  it('the uncovered part unchanged, or moved by no more than layout jitter: nothing', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: { ...whole } })).toBe(false);
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: { ...whole, right: whole.right - CLEAR_SLACK } })).toBe(false);
  });

  it('the canvas wholly covered: nowhere to follow to', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: null })).toBe(false);
  });

  it('the follow found no uncovered part, and now there is one: follows again', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: null, clear: whole })).toBe(true);
  });

  it('a presenter beat took the camera after the follow (its card opened over the canvas): the beat keeps it', () => {
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: besidePanel, view: 'beat' })).toBe(false);
    expect(shouldFollowAgain({ followedAt: 3, userMoves: 3, followedClear: whole, clear: besidePanel, view: 'focus' })).toBe(true);
  });
});
