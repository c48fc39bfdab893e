/**
 * Smart-folder conditions after validation: every rule's value is in its normal form (numbers in
 * arrays, extensions lower-case, colours `#rrggbb`), so the evaluator and the planner never guess.
 */

export const STRING_PROPERTIES = ['name', 'url', 'annotation', 'comments', 'folderName'] as const;
export const STRING_METHODS = ['equal', 'startWith', 'endWith', 'contain', 'uncontain', 'empty', 'not-empty', 'regex'] as const;
export const NUMBER_METHODS = ['=', '>=', '<=', '>', '<', 'between'] as const;
export const DATE_PROPERTIES = ['createTime', 'mtime', 'btime'] as const;
export const DATE_METHODS = ['on', 'before', 'after', 'between', 'within'] as const;
export const SET_PROPERTIES = ['tags', 'folders'] as const;
export const SET_METHODS = ['union', 'intersection', 'equal', 'identity', 'empty', 'not-empty'] as const;
export const TYPE_METHODS = ['equal', 'unequal'] as const;
export const RATING_METHODS = ['equal', 'unequal', 'contain'] as const;
export const RATING_OPTIONS = ['none', '1', '2', '3', '4', '5'] as const;
export const SHAPE_METHODS = ['equal', 'unequal'] as const;
export const COLOR_METHODS = ['similar', 'accuracy', 'grayscale'] as const;
export const SIZE_UNITS = { kb: 1024, mb: 1024 * 1024 } as const;
export const DURATION_UNITS = { s: 1, m: 60, h: 3600 } as const;

export type StringProperty = (typeof STRING_PROPERTIES)[number];
export type StringMethod = (typeof STRING_METHODS)[number];
export type NumberMethod = (typeof NUMBER_METHODS)[number];
export type DateProperty = (typeof DATE_PROPERTIES)[number];
export type DateMethod = (typeof DATE_METHODS)[number];
export type SetProperty = (typeof SET_PROPERTIES)[number];
export type SetMethod = (typeof SET_METHODS)[number];
export type RatingOption = (typeof RATING_OPTIONS)[number];
export type SizeUnit = keyof typeof SIZE_UNITS;
export type DurationUnit = keyof typeof DURATION_UNITS;

export type StringRule = { property: StringProperty; method: StringMethod; value?: string };
export type DimensionRule = { property: 'width' | 'height'; method: NumberMethod; value: number[] };
export type FileSizeRule = { property: 'fileSize'; method: NumberMethod; value: number[]; unit: SizeUnit };
export type DurationRule = { property: 'duration'; method: NumberMethod; value: number[]; unit: DurationUnit };
export type NumberRule = DimensionRule | FileSizeRule | DurationRule;
export type DateRule = { property: DateProperty; method: DateMethod; value: number[] };
export type SetRule = { property: SetProperty; method: SetMethod; value?: string[] };
export type TypeRule = { property: 'type'; method: (typeof TYPE_METHODS)[number]; value: string };
/** `equal`/`unequal` take one option, `contain` a list (the rating is one of them). */
export type RatingRule = { property: 'rating'; method: (typeof RATING_METHODS)[number]; value: RatingOption | RatingOption[] };
/** `custom` compares the width/height ratio with `width`/`height` of the rule. */
export type ShapeRule = { property: 'shape'; method: (typeof SHAPE_METHODS)[number]; value: string; width?: number; height?: number };
export type ColorRule = { property: 'color'; method: (typeof COLOR_METHODS)[number]; value?: string };

export type Rule = StringRule | NumberRule | DateRule | SetRule | TypeRule | RatingRule | ShapeRule | ColorRule;

export interface ConditionGroup {
  rules: Rule[];
  /** AND: every rule must match; OR: any rule. Missing in an imported Eagle group: AND. */
  match: 'AND' | 'OR';
  /**
   * TRUE: items must match the group; FALSE: items matching it are excluded. The API always
   * stores it; an imported Eagle group may leave it out, which means TRUE (library-format.md §5):
   * read it with `includes`.
   */
  boolean: 'TRUE' | 'FALSE';
}

export type Conditions = ConditionGroup[];

export const MAX_GROUPS = 30;
export const MAX_RULES = 30;

/** Whether a group's matches are included (TRUE, or left out as Eagle does) or excluded (FALSE). */
export const includes = (group: Pick<ConditionGroup, 'boolean'>): boolean => group.boolean !== 'FALSE';
