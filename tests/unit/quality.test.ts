// The rendering tier chosen for a page (ART.md §9): the URL, then webdriver, then the renderer.
import { describe, expect, it } from 'vitest';
import { chooseQuality, isSoftwareRenderer } from '../../src/app/quality';

const SWIFTSHADER = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
const LLVMPIPE = 'llvmpipe (LLVM 15.0.6, 256 bits)';
const NVIDIA = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0, D3D11)';
const APPLE = 'Apple M2';

describe('chooseQuality', () => {
  it('a software renderer gets the low tier', () => {
    expect(chooseQuality('', false, () => SWIFTSHADER)).toBe('low');
    expect(chooseQuality('?scenario=sandbox/training-ground', false, () => LLVMPIPE)).toBe('low');
    expect(chooseQuality('', false, () => 'Google SwiftShader')).toBe('low');
  });
  it('a hardware renderer, or none known, gets medium', () => {
    expect(chooseQuality('', false, () => NVIDIA)).toBe('medium');
    expect(chooseQuality('', false, () => APPLE)).toBe('medium');
    expect(chooseQuality('', false, () => null)).toBe('medium');
  });
  it('?quality= overrides the renderer, and an unknown value is ignored', () => {
    expect(chooseQuality('?quality=high', false, () => SWIFTSHADER)).toBe('high');
    expect(chooseQuality('?quality=medium', true, () => SWIFTSHADER)).toBe('medium');
    expect(chooseQuality('?quality=ultra', false, () => SWIFTSHADER)).toBe('low');
  });
  it('automated browsers get test without opening a WebGL context to ask', () => {
    let asked = 0;
    const renderer = () => { asked++; return SWIFTSHADER; };
    expect(chooseQuality('', true, renderer)).toBe('test');
    expect(chooseQuality('?quality=low', false, renderer)).toBe('low');
    expect(asked).toBe(0);
  });
  it('recognises software rasterisers by name only', () => {
    expect(isSoftwareRenderer(SWIFTSHADER)).toBe(true);
    expect(isSoftwareRenderer('Mesa softpipe')).toBe(true);
    expect(isSoftwareRenderer('Microsoft Basic Render Driver')).toBe(true);
    expect(isSoftwareRenderer(NVIDIA)).toBe(false);
    expect(isSoftwareRenderer('Mesa Intel(R) UHD Graphics 620 (KBL GT2)')).toBe(false);
    expect(isSoftwareRenderer(null)).toBe(false);
  });
});
