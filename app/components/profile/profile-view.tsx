import { Link } from '~/components/link';
import { Avatar } from './avatar';
import { When } from '~/components/when';
import { BadgeImage, badgeDataUrl } from '~/components/ui/badge-image';

/**
 * The profile page (learner-app s.2 "User profile"): avatar, full name, job title, bio, email,
 * phone and journey badges; its owner sees an edit shortcut to the profile settings.
 */
export interface ProfileViewData {
  profile: {
    userId: number;
    fullName: string;
    jobTitle: string | null;
    bio: string | null;
    email: string;
    phone: string | null;
    profilePhotoBlobId: string | null;
  };
  isOwner: boolean;
  /** The viewer may erase this person (organisation admins their organisation's people; issue 27). */
  canErase?: boolean;
  /** Null when the viewer's licence hides journeys. */
  badges: { journeyId: number; name: string; completedAt: string; badgeSvg: string }[] | null;
}


export function ProfileView({ data }: { data: ProfileViewData }) {
  const p = data.profile;
  return (
    <section className="page profile-page" aria-labelledby="profile-name">
      <header className="profile-header">
        <Avatar user={p} size="large" decorative />
        <div className="profile-heading">
          <h1 id="profile-name">{p.fullName}</h1>
          {p.jobTitle ? <p className="profile-job-title">{p.jobTitle}</p> : null}
          {data.isOwner ? (
            <p>
              <Link to="/app/settings/profile" className="button small">
                Edit profile
              </Link>
            </p>
          ) : null}
          {data.canErase ? (
            <p>
              <Link to={`/app/profile/${p.userId}/erase`} className="button small danger">
                Erase this person
              </Link>
            </p>
          ) : null}
        </div>
      </header>

      <div className="profile-body">
        <section className="profile-card" aria-labelledby="profile-about">
          <h2 id="profile-about">About</h2>
          {p.bio ? <p className="profile-bio">{p.bio}</p> : <p className="profile-empty">{data.isOwner ? 'You have not written a bio yet.' : 'No bio yet.'}</p>}
        </section>

        <section className="profile-card" aria-labelledby="profile-contact">
          <h2 id="profile-contact">Contact</h2>
          <dl className="profile-contact">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${p.email}`}>{p.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{p.phone ? <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</a> : <span className="profile-empty">Not given</span>}</dd>
          </dl>
        </section>

        {data.badges ? (
          <section className="profile-card profile-badges" aria-labelledby="profile-badges">
            <h2 id="profile-badges">Journey badges</h2>
            {data.badges.length ? (
              <ul className="badge-list">
                {data.badges.map((b) => (
                  <li key={b.journeyId}>
                    <BadgeImage src={badgeDataUrl(b.badgeSvg)} name={b.name} size={96} />
                    <span className="badge-name">{b.name}</span>
                    <span className="badge-date">Completed <When value={b.completedAt} format="long" /></span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="profile-empty">{data.isOwner ? 'Complete a journey to earn its badge.' : 'No journey badges yet.'}</p>
            )}
          </section>
        ) : null}
      </div>
    </section>
  );
}

/** 'User not found.' for an unknown id or a profile the viewer may not see. */
export function ProfileNotFound() {
  return (
    <section className="page profile-page">
      <h1>Profile</h1>
      <p className="profile-not-found" role="status">
        User not found.
      </p>
      <p>
        <Link to="/app/profile">Go to my profile</Link>
      </p>
    </section>
  );
}
