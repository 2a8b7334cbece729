/**
 * The WebAssembly arrays of a crowd of motion-matched characters ({@link CrowdArrays}): every
 * character's poses, world transforms, state, contacts and settings, laid out as
 * `sp_motion_controller_update` (c/sprung.h) reads them.
 * @packageDocumentation
 * @internal
 */
import { Batch } from './batch.js';

/** The arrays of a crowd. */
export type Field =
  | 'input'
  | 'offset'
  | 'blended'
  | 'pose'
  | 'positions'
  | 'rotations'
  | 'characters'
  | 'contacts'
  | 'states'
  | 'settings'
  | 'contactBones'
  | 'ikBones'
  | 'hinges'
  | 'scratch';
/** Floats (and ints) of an sp_motion_character, an sp_motion_settings and an sp_contact. */
export const STRUCT = { characters: 32, settings: 19, contacts: 20 } as const;

/** The WebAssembly arrays of `count` characters of `bones` bones and `contacts` contacts each. */
export class CrowdArrays extends Batch<Field> {
  constructor(fn: string, count: number, bones: number, contacts: number) {
    const pose = 13 * bones * count;
    super(
      fn,
      count,
      [
        ['input', pose],
        ['offset', pose],
        ['blended', pose],
        ['pose', pose],
        ['positions', 3 * bones * count],
        ['rotations', 4 * bones * count],
        ['characters', STRUCT.characters * count],
        ['contacts', STRUCT.contacts * contacts * count],
        ['states', contacts * count],
        ['settings', STRUCT.settings * count],
        ['contactBones', contacts],
        ['ikBones', contacts],
        ['hinges', 3 * contacts],
        ['scratch', 13 * bones],
      ],
      'count',
      { bones, contacts },
    );
  }
}
