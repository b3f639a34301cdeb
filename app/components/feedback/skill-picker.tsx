import { useState } from 'react';

export interface PickerSkill {
  skillId: number;
  name: string;
  overview: string;
}

/**
 * One section of the anonymous feedback form: the 6 feedback skills as checkboxes, at most `max`
 * chosen (public-site 4). With JavaScript a further choice drops the oldest one and clicking a
 * chosen skill removes it; without JavaScript they are plain checkboxes and the server checks the
 * count. The choice count is announced politely.
 */
export function SkillPicker({
  name,
  legend,
  skills,
  initial,
  max,
}: {
  name: 'good' | 'bad';
  legend: string;
  skills: PickerSkill[];
  initial: number[];
  max: number;
}) {
  const [chosen, setChosen] = useState<number[]>(initial.slice(-max));
  const toggle = (id: number) =>
    setChosen((now) => {
      if (now.includes(id)) return now.filter((x) => x !== id);
      const next = [...now, id];
      return next.length > max ? next.slice(next.length - max) : next;
    });
  return (
    <fieldset className="skill-picker">
      <legend>{legend}</legend>
      <p className="skill-picker-count" aria-live="polite">
        {chosen.length} of {max} chosen
      </p>
      <ul className="skill-options">
        {skills.map((s) => {
          const id = `${name}-${s.skillId}`;
          return (
            <li key={s.skillId} className={chosen.includes(s.skillId) ? 'skill-option chosen' : 'skill-option'}>
              <input type="checkbox" id={id} name={name} value={s.skillId} checked={chosen.includes(s.skillId)} onChange={() => toggle(s.skillId)} aria-describedby={`${id}-about`} />
              <label htmlFor={id}>
                <span className="skill-option-name">{s.name}</span>
                <span className="skill-option-about" id={`${id}-about`}>
                  {s.overview}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
