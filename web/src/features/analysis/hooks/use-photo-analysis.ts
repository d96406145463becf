import { ANALYSIS_MESSAGES, type PhotoAnalysis } from '@plates/common';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { useSettled } from '../../../lib/use-settled';
import { analysePhoto, type PhotoText } from '../api/analysis-api';

/** How long the words must rest before the photo is asked about again (the cuisines read them). */
export const TEXT_PAUSE_MS = 600;

export type PhotoCheckState =
  | { status: 'idle' }
  /** `previous`: the last answer for this same photo, shown while the new words are read. */
  | { status: 'analysing'; previous: PhotoAnalysis | null }
  | { status: 'done'; analysis: PhotoAnalysis }
  /** Busy or failed: one quiet line; posting goes on as usual. */
  | { status: 'unavailable'; message: string };

interface Answer {
  file: File;
  text: string;
  analysis: PhotoAnalysis | null;
  message: string | null;
}

/**
 * Asks the analysis of `file` the moment it is chosen, and again (same photo; the server keeps its
 * analysis) once the title or the description has rested for {@link TEXT_PAUSE_MS}. A newer ask
 * aborts the one in flight, and so do a removed photo and a closed dialog.
 */
export function usePhotoAnalysis(file: File | null, text: PhotoText): PhotoCheckState {
  const words = useSettled(JSON.stringify([text.title?.trim() ?? '', text.description?.trim() ?? '']), TEXT_PAUSE_MS);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    const [title, description] = JSON.parse(words) as [string, string];
    analysePhoto(file, { title, description }, controller.signal).then(
      (analysis) => setAnswer({ file, text: words, analysis, message: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const busy = isApiError(error) && error.code === 'SERVICE_UNAVAILABLE';
        setAnswer({ file, text: words, analysis: null, message: busy ? ANALYSIS_MESSAGES.busy : ANALYSIS_MESSAGES.failed });
      },
    );
    return () => controller.abort();
  }, [file, words]);

  if (!file) return { status: 'idle' };
  if (answer?.file === file && answer.text === words) {
    return answer.analysis ? { status: 'done', analysis: answer.analysis } : { status: 'unavailable', message: answer.message ?? ANALYSIS_MESSAGES.failed };
  }
  return { status: 'analysing', previous: answer?.file === file ? answer.analysis : null };
}
