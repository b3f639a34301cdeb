import { useEffect, useRef, useState } from 'react';
import { Html } from './html';
import { useFocusFirstButton } from './hydrated';
import { IntentButton, IntentForm } from './player-dialog';
import { TypedHtml } from './typed-html';

/** Look of each DialogueStageType (Intro 1 ... ThoughtPlayer 8). */
const STAGE_CLASS: Record<number, string> = {
  1: 'stage-intro',
  2: 'stage-narrator',
  3: 'stage-npc',
  4: 'stage-player',
  5: 'stage-choice',
  6: 'stage-good',
  7: 'stage-bad',
  8: 'stage-thought',
};

const STAGE_LABEL: Record<number, string> = { 2: 'Narrator', 4: 'You', 6: 'Good choice', 7: 'Not quite', 8: 'You think' };

export interface StageView {
  stageId: number;
  type: number;
  htmlContent: string;
  speaker?: string | null;
  imageBackground?: string | null;
  imageFocus?: string | null;
  choices: { choiceId: number; htmlContent: string }[];
  /** continue: to the next stage; tryAgain: a ChoiceBad stage's way back; results: the last stage; choose: pick a choice. */
  button: 'continue' | 'tryAgain' | 'results' | 'choose';
}

/** One stage of a dialogue game: its speech (typed out with JavaScript), then its choices or its button. */
export function GameStage({ stage }: { stage: StageView }) {
  const label = stage.speaker ?? STAGE_LABEL[stage.type];
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstButton(ref, stage.stageId);
  return (
    <div
      ref={ref}
      className="stage"
      style={stage.imageBackground ? { backgroundImage: `url(${JSON.stringify(stage.imageBackground)})` } : undefined}
      data-stage-type={stage.type}
      data-stage-id={stage.stageId}
    >
      {stage.imageFocus ? <img className="stage-focus" src={stage.imageFocus} alt="" /> : null}
      <div className={`speech ${STAGE_CLASS[stage.type] ?? ''}`}>
        {label ? <span className="speaker">{label}</span> : null}
        <TypedHtml key={stage.stageId} html={stage.htmlContent} />
      </div>
      {stage.button === 'choose' ? (
        <ul className="choices" aria-label="Choices">
          {stage.choices.map((c) => (
            <li key={c.choiceId}>
              <IntentForm intent="choose" fields={{ stageId: stage.stageId, choiceId: c.choiceId }}>
                <button type="submit" className="button choice-button">
                  <Html html={c.htmlContent} as="span" />
                </button>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : (
        <div className="player-actions">
          {stage.button === 'results' ? (
            <IntentButton intent="continue" fields={{ stageId: stage.stageId }} label="View results" className="button primary" />
          ) : (
            <IntentButton intent="continue" fields={{ stageId: stage.stageId }} label={stage.button === 'tryAgain' ? 'Try again' : 'Continue'} className="button primary" />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Assets are preloaded before the game starts: with JavaScript the Start button waits for the stage
 * images to load (or fail); without it the browser loads them as stages show.
 */
export function usePreloadedImages(urls: string[]) {
  const key = urls.join('\n');
  // Ready on the server, so the Start button works without JavaScript.
  const [ready, setReady] = useState(true);
  useEffect(() => {
    const list = key ? key.split('\n') : [];
    if (!list.length) return;
    setReady(false);
    let left = list.length;
    let cancelled = false;
    const done = () => {
      left -= 1;
      if (left <= 0 && !cancelled) setReady(true);
    };
    for (const u of list) {
      const img = new Image();
      img.onload = done;
      img.onerror = done;
      img.src = u;
    }
    return () => {
      cancelled = true;
    };
  }, [key]);
  return ready;
}
