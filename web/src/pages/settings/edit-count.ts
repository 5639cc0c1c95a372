import { useMemo, useRef } from "react";

/** A form's edits counted, so a save's answer knows whether the draft changed while it was on its way. */
export interface EditCount {
  /** One more edit. */
  edited: () => void;
  /** Taken as a save leaves: whether an edit came since. */
  mark: () => () => boolean;
}

/** The edit count of one form (a settings draft saved with its own Save button). */
export function useEditCount(): EditCount {
  const edits = useRef(0);
  return useMemo(
    () => ({
      edited: () => {
        edits.current++;
      },
      mark: () => {
        const atMark = edits.current;
        return () => edits.current !== atMark;
      },
    }),
    [],
  );
}
