import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import {
  CONTENT_SAVED,
  contentAdminInputSchema,
  contentFormSchema,
  FEATURE_IMAGE_MAX_BYTES,
  getAllTags,
  getContentForAdmin,
  saveContentAsAdmin,
  storeFeatureImage,
} from '@modules/catalogue/index.server';
import { recordAudit } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { ContentEditorForm } from '~/components/admin/editors/content-editor';
import editorsStyles from '~/components/admin/editors/editors.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { attempt, formRefusal } from '~/utils/domain-error.server';
import { requireProductAdmin } from '~/utils/session.server';
import { allowUpload } from '~/utils/body-limit.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Toast } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: editorsStyles }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.content ? 'Edit content' : 'Create content'} | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => ({ label: (match.data as { content?: unknown } | undefined)?.content ? 'Edit content' : 'Create content' }),
};

const KEY = /^[A-Za-z0-9-]{1,250}$/;
const MAX_FORM_BYTES = FEATURE_IMAGE_MAX_BYTES + 1024 * 1024;

async function contentOr404(key: string | undefined) {
  if (key === undefined || key === '') return null;
  const content = KEY.test(key) ? await getContentForAdmin(getDb(), key) : null;
  if (!content) throw new Response('That content was not found.', { status: 404 });
  return content;
}

/** /admin/content-editor/{id or urlId?}: a new content, or the saved one (404 when unknown). Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const [content, tags] = await Promise.all([contentOr404(params.contentKey), getAllTags(getDb())]);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return { content, tags, constraint: formConstraint(contentFormSchema), message: saved && content ? CONTENT_SAVED : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const existing = await contentOr404(params.contentKey);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) {
    throw new Response('The feature image is too large (at most 5 MB).', { status: 413 });
  }
  allowUpload(request, context, MAX_FORM_BYTES);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: contentFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const urlId = existing ? existing.urlId : v.urlId;
  if (!urlId) return data(submission.reply({ fieldErrors: { urlId: ['This field is required'] } }), { status: 400 });

  let featureImageBlobId = v.removeImage ? null : (existing?.featureImageBlobId ?? null);
  const input = {
    contentId: existing?.contentId ?? null,
    urlId,
    name: v.name,
    overview: v.overview,
    htmlContent: v.htmlContent,
    isPublic: v.isPublic ?? false,
    isFeatured: v.isFeatured ?? false,
    authorLabel: v.authorLabel ?? null,
    featureImageBlobId,
    featureImageCaption: v.featureImageCaption ?? null,
    tags: (v.tagIds ?? []).map((tagId) => ({ tagId })),
  };
  const checked = contentAdminInputSchema.safeParse(input);
  if (!checked.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of checked.error.issues) (fieldErrors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
    return data(submission.reply({ fieldErrors }), { status: 400 });
  }
  const image = v.featureImage && v.featureImage.size > 0 ? v.featureImage : null;
  if (image) {
    const stored = await attempt(async () => storeFeatureImage(getDb(), new Uint8Array(await image.arrayBuffer())));
    if (!stored.ok) return formRefusal(submission, stored.error, { field: 'featureImage' });
    featureImageBlobId = stored.value;
  }
  const saved = await attempt(() =>
    saveContentAsAdmin(getDb(), { ...checked.data, featureImageBlobId }, (trx, contentId, created) =>
      recordAudit(trx, { actorId: admin.userId, action: created ? 'content.create' : 'content.save', entity: 'content', entityId: contentId, before: existing ?? undefined, after: { ...checked.data, featureImageBlobId } }),
    ),
  );
  // The module names the field it refuses ('urlId: That URL id is taken.'); the page shows the message on it.
  if (!saved.ok) return formRefusal(submission, saved.error, { field: saved.error.message.startsWith('urlId: ') ? 'urlId' : undefined, message: saved.error.message.replace(/^[a-zA-Z]+: /, '') });
  return redirect(`/admin/content-editor/${saved.value.urlId}?saved=1`);
}

export default function ContentEditorPage() {
  const { content, tags, constraint, message } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page admin-editor">
      <AdminPageHead
        title={content ? `Edit content: ${content.name}` : 'Create content'}
        actions={
          <>
            <Link to="/admin/content-list" className="button">
              Back to the content list
            </Link>
            {content?.isPublic ? (
              <Link to={`/articles/${content.urlId}`} className="button">
                View the article
              </Link>
            ) : null}
          </>
        }
      />
      {message && !lastResult ? <Toast tone="success">{message}</Toast> : null}
      <ContentEditorForm key={content?.contentId ?? 'new'} content={content} tags={tags} constraint={constraint} lastResult={lastResult} />
    </section>
  );
}
