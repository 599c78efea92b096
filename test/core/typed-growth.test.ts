/** Growable typed columns keep their values as they grow by half, and the same lengths make the same capacities. */
import { describe, expect, it } from 'vitest';
import { columnLowerBound, float64WithRoom, int32WithRoom, resized, uint32WithRoom } from '../../src/core/typed-growth.js';

describe('typed growth', () => {
  it('resized copies the used elements into a new array of the same type, zero past them', () => {
    const codes = Uint8Array.of(7, 8, 9, 10);
    const grown = resized(codes, 6, 3);
    expect(grown).toBeInstanceOf(Uint8Array);
    expect([...grown]).toEqual([7, 8, 9, 0, 0, 0]);
    expect(grown).not.toBe(codes);
    const times = resized(Float64Array.of(1.5, -2), 3, 2);
    expect(times).toBeInstanceOf(Float64Array);
    expect([...times]).toEqual([1.5, -2, 0]);
  });

  it('keeps every value across growth, by half from 256 slots', () => {
    let places: Int32Array = new Int32Array(0);
    let times: Float64Array = new Float64Array(0);
    let handles: Uint32Array = new Uint32Array(0);
    const sizes = new Set<number>();
    for (let length = 0; length < 5000; length += 1) {
      places = int32WithRoom(places, length);
      places[length] = length % 2 === 0 ? length : -(length + 1);
      times = float64WithRoom(times, length);
      times[length] = 1.7e12 + Math.floor(length / 3);
      handles = uint32WithRoom(handles, length);
      handles[length] = 0xffff_ffff - length;
      sizes.add(places.length);
    }
    expect([...sizes]).toEqual([256, 384, 576, 864, 1296, 1944, 2916, 4374, 6561]);
    expect(times.length).toBe(places.length);
    expect(handles.length).toBe(places.length);
    expect(Array.from(handles.subarray(0, 5000), (handle, at) => handle === 0xffff_ffff - at).every(Boolean)).toBe(true);
    expect(Array.from(places.subarray(0, 5000), (place, at) => place === (at % 2 === 0 ? at : -(at + 1))).every(Boolean)).toBe(true);
    expect(columnLowerBound(times, 5000, 1.7e12 + 10)).toBe(30);
    expect(columnLowerBound(times, 5000, 1.7e12 + 10.5)).toBe(33);
    expect(columnLowerBound(times, 5000, 2e12)).toBe(5000);
    // Spare slots past the length are never searched.
    expect(columnLowerBound(times, 0, 0)).toBe(0);
  });
});
