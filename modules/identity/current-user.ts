import type { LicenseTypeValue } from './schemas';

/** The current user's userPermissions, in the shape of learner-app section 3. */
export interface UserPermissions {
  isLedaAdmin: boolean;
  organisationId: number | null;
  organisationName: string | null;
  isOrganisationAdmin: boolean;
  teams: { teamId: number; isTeamAdmin: boolean; teamJourneys: { journeyId: number }[] }[];
  licenseType: LicenseTypeValue;
  licenseExpiredAt: string | null;
}

export interface CurrentUser {
  userId: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  bio: string | null;
  profilePhotoBlobId: string | null;
  passwordUpdatedAt: string | null;
  isLedaAdmin: boolean;
  isLocked: boolean;
  userPermissions: UserPermissions;
}
