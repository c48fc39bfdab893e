/** Colour names shared by folders, smart folders, tags and tag groups (docs/contract.md#colours). */
import { z } from 'zod';

export const COLOURS = ['red', 'orange', 'yellow', 'green', 'aqua', 'blue', 'purple', 'pink'] as const;
export type Colour = (typeof COLOURS)[number];

export const colourName = () => z.enum(COLOURS, { error: () => `must be one of ${COLOURS.join(', ')}` });

/** A colour name or "" (unset), where the API allows clearing it. */
export const colourOrEmpty = () =>
  z.union([z.enum(COLOURS), z.literal('')], { error: () => `must be one of ${COLOURS.join(', ')}, or "" to clear it` });
