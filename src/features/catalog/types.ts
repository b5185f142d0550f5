// Labels and named lists (issue 43.2, 43.3; docs/organize.md): their definitions, kept apart from the tasks.

/** The colours a label may have. Each is a pair of text and background tints chosen per theme in index.css. */
export const LABEL_COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'] as const;
export type LabelColour = (typeof LABEL_COLOURS)[number];

/** What a person reads for each colour (the colour is never the only cue: a label always shows its name). */
export const COLOUR_NAMES: Record<LabelColour, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  grey: 'Grey',
};

export const isLabelColour = (value: unknown): value is LabelColour => typeof value === 'string' && (LABEL_COLOURS as readonly string[]).includes(value);

export interface Label {
  id: string;
  name: string;
  colour: LabelColour;
  createdAt: number;
}

export interface TaskList {
  id: string;
  name: string;
  /** Hidden from the week with its tasks, still found by search and restorable. */
  archived: boolean;
  createdAt: number;
}

export interface CatalogState {
  /** In the order they were created (shown sorted by name). */
  labels: Label[];
  /** In the order a person gave them (shown in that order after Some Day). */
  lists: TaskList[];
  /**
   * A label made on two devices with the same name (each offline) is one label: the later one in the log
   * resolves to the earlier (id → id), so tasks labelled on either device carry the same label.
   */
  aliases: Record<string, string>;
}

export const emptyCatalog: CatalogState = Object.freeze({ labels: [], lists: [], aliases: {} }) as CatalogState;

/** The longest label or list name. */
export const NAME_MAX_LENGTH = 100;
/** The most labels and the most lists: a catalog stays small enough for one snapshot column and one event. */
export const MAX_LABELS = 200;
export const MAX_LISTS = 100;
