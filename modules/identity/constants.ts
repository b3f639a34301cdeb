/** Browser-safe identity values with no zod (docs/decisions/141); schemas.ts re-exports them. */
export const LicenseType = { NoLicense: 0, Trial: 1, Full: 2, Student: 3 } as const;
export type LicenseTypeValue = (typeof LicenseType)[keyof typeof LicenseType];
