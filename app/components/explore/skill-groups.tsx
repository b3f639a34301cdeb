import { Link } from '~/components/link';
import { groupColours } from './explore-page';
import { LockIcon } from './icons';

export interface GroupSummary {
  skillGroupId: number;
  urlId: string;
  name: string;
  overview?: string | null;
  primaryColour?: string | null;
  complementaryColour?: string | null;
  skills: { skillId: number; urlId: string; name: string; isLocked?: boolean }[];
  /** All the group's skills when `skills` shows only the first few (the skills page). */
  skillCount?: number;
}

/** A skill group in its fixed colours: name (links to the group page), overview and its skills as chips. */
export function SkillGroupBlock({ group, currentSkillId, headingLevel = 3 }: { group: GroupSummary; currentSkillId?: number; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="skill-group" style={groupColours(group)}>
      <H>
        <Link to={`/app/explore/skill/group/${group.urlId}`}>{group.name}</Link>
      </H>
      {group.overview ? <p>{group.overview}</p> : null}
      <SkillChips skills={group.skills} currentSkillId={currentSkillId} label={`${group.name} skills`} />
      {group.skillCount !== undefined && group.skillCount > group.skills.length ? (
        <p className="see-all">
          <Link to={`/app/explore/skill/group/${group.urlId}`}>
            All {group.skillCount} skills<span className="visually-hidden"> in {group.name}</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function SkillChips({ skills, currentSkillId, label }: { skills: GroupSummary['skills']; currentSkillId?: number; label: string }) {
  return (
    <ul className="skill-list" aria-label={label}>
      {skills.map((s) => (
        <li key={s.skillId}>
          <Link className="skill-chip" to={`/app/explore/skill/${s.urlId}`} aria-current={s.skillId === currentSkillId ? 'page' : undefined}>
            {s.isLocked ? (
              <span title="Locked">
                <LockIcon size={14} />
                <span className="visually-hidden">Locked: </span>
              </span>
            ) : null}
            {s.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The side menu of skill groups on skill and group pages. */
export function SkillGroupMenu({ groups, currentGroupId }: { groups: Omit<GroupSummary, 'skills'>[]; currentGroupId?: number }) {
  return (
    <nav className="side-menu" aria-label="Skill groups">
      <h2>Skill groups</h2>
      <ul>
        {groups.map((g) => (
          <li key={g.skillGroupId} style={groupColours(g)}>
            <Link to={`/app/explore/skill/group/${g.urlId}`} aria-current={g.skillGroupId === currentGroupId ? 'page' : undefined}>
              {g.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
