import { z } from 'zod';
import { requiredString } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

const coordinate = () => z.number({ error: () => 'must be a number' }).refine(Number.isFinite, 'must be a finite number');
const positive = () => coordinate().refine((n) => n > 0, 'must be greater than 0');
const duration = () => coordinate().refine((n) => n >= 0, 'must be 0 or more (seconds)');

const commentFields = () => ({
  annotation: z.string().optional(),
  x: coordinate().optional(),
  y: coordinate().optional(),
  width: positive().optional(),
  height: positive().optional(),
  duration: duration().optional(),
});

export const RECT_FIELDS = ['x', 'y', 'width', 'height'] as const;

export const addCommentInput = lazyValue(() => z.object({ id: requiredString(), ...commentFields() }));
export const updateCommentInput = lazyValue(() => z.object({ id: requiredString(), commentId: requiredString(), ...commentFields() }));
export const removeCommentInput = lazyValue(() => z.object({ id: requiredString(), commentId: requiredString() }));

export type AddCommentInput = z.output<ReturnType<typeof addCommentInput>>;
export type UpdateCommentInput = z.output<ReturnType<typeof updateCommentInput>>;
