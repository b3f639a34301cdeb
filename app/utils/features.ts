/**
 * Feature flags (learner-app sections 2 and 6: "Feedback ... hidden or disabled by feature flags").
 * Fixed in code until an admin switch exists; a flag that is off hides the navigation entry and
 * its routes answer 404.
 */
export const features = {
  feedback: true,
  journeyReminders: true,
} as const;

export type FeatureName = keyof typeof features;

export const isFeatureOn = (name: FeatureName): boolean => features[name];
