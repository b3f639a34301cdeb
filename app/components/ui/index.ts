/** The design system's components (issue 25, decision 273), each shown with its states on /admin/design. */
export { Card } from './card';
export { Avatar, PersonAvatar } from './avatar';
export { Badge, type BadgeTone } from './badge';
export { ProgressBar, ProgressRing } from './progress';
export { Stepper, type StepperItem, type StepState } from './stepper';
export { StarRating, StarValue, starLabel } from './star-rating';
export { Tabs, type TabItem } from './tabs';
export { EmptyState } from './empty-state';
export { Toast, type ToastTone } from './toast';
export { Dialog, DialogTrigger } from './dialog';
export { FocusOnMount, useFocusOnMount, useFocusAfterAction } from './focus';
export { BadgeImage, badgeDataUrl, journeyBadgeUrl } from './badge-image';
