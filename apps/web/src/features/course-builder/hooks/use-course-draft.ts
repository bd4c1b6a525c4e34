import type { CourseDraft, CourseInfo, OutlineSection } from "@academy/shared";
import * as React from "react";
import { emptyDraft } from "../lib/outline";

/** Where the outline on screen came from: the model, the offline generator or the two-section default. */
export type OutlineSource = "ai" | "offline" | "fallback";

export interface BuilderState {
  draft: CourseDraft;
  /** Changed since it was loaded, saved or published. */
  dirty: boolean;
  outlineSource: OutlineSource | null;
  /** Counts changes, so a save that finishes after more typing does not mark the newer edits saved. */
  revision: number;
}

export type BuilderAction =
  | { type: "load"; draft: CourseDraft }
  | { type: "info"; patch: Partial<CourseInfo> }
  | { type: "outline"; outline: OutlineSection[]; source?: OutlineSource }
  | { type: "materials"; materials: string[] }
  | { type: "saved"; revision: number }
  | { type: "published"; revision: number; courseId: string; outline: OutlineSection[] };

function changed(state: BuilderState, draft: CourseDraft): BuilderState {
  return { ...state, draft, dirty: true, revision: state.revision + 1 };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case "load":
      return { draft: action.draft, dirty: false, outlineSource: null, revision: state.revision + 1 };
    case "info":
      return changed(state, { ...state.draft, ...action.patch });
    case "outline":
      return {
        ...changed(state, { ...state.draft, outline: action.outline }),
        outlineSource: action.source ?? state.outlineSource,
      };
    case "materials":
      return changed(state, { ...state.draft, materials: action.materials });
    case "saved":
      return action.revision === state.revision ? { ...state, dirty: false } : state;
    case "published": {
      // The stored lesson ids replace the outline only when nothing changed meanwhile.
      const draft =
        action.revision === state.revision
          ? { ...state.draft, courseId: action.courseId, outline: action.outline }
          : { ...state.draft, courseId: action.courseId };
      return { ...state, draft, dirty: action.revision !== state.revision };
    }
  }
}

/**
 * The course builder's state (spec 001 §2 Course builder): one CourseDraft (Course Information,
 * outline, selected materials), whether it has unsaved changes, and where the outline came from.
 * `dirtyRef` mirrors `dirty` synchronously so navigation right after a save is not blocked;
 * `revision` counts edits so a save that ends after more typing leaves the newer edits unsaved.
 */
export function useCourseDraft(initial: CourseDraft = emptyDraft()) {
  const [state, dispatch] = React.useReducer(builderReducer, {
    draft: initial,
    dirty: false,
    outlineSource: null,
    revision: 0,
  });
  const dirtyRef = React.useRef(state.dirty);
  dirtyRef.current = state.dirty;
  const revisionRef = React.useRef(state.revision);
  revisionRef.current = state.revision;

  const actions = React.useMemo(
    () => ({
      load: (draft: CourseDraft) => {
        dirtyRef.current = false;
        dispatch({ type: "load", draft });
      },
      setInfo: (patch: Partial<CourseInfo>) => dispatch({ type: "info", patch }),
      setOutline: (outline: OutlineSection[], source?: OutlineSource) =>
        dispatch({ type: "outline", outline, source }),
      setMaterials: (materials: string[]) => dispatch({ type: "materials", materials }),
      /** The revision to pass to markSaved / markPublished: take it when the request starts. */
      currentRevision: () => revisionRef.current,
      markSaved: (revision: number) => {
        if (revision === revisionRef.current) dirtyRef.current = false;
        dispatch({ type: "saved", revision });
      },
      markPublished: (revision: number, courseId: string, outline: OutlineSection[]) => {
        if (revision === revisionRef.current) dirtyRef.current = false;
        dispatch({ type: "published", revision, courseId, outline });
      },
    }),
    [],
  );
  return { ...state, dirtyRef, ...actions };
}
