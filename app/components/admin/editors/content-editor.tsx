import type { SubmissionResult } from '@conform-to/react';
import { CheckboxField, ErrorList, Field, FormError, LedaForm, TextAreaField, useLedaForm, type FormConstraint } from '~/components/forms';
import { RichTextEditor } from './rich-text';

/**
 * The content editor's form (admin-console s.3 Content, s.5): urlId (only when creating), name,
 * overview, the article body in the rich-text editor (500 px; a textarea of HTML without
 * JavaScript), feature image (png/jpg/jpeg) and caption, author label, tags, public and featured.
 * A plain multipart POST: the same with or without JavaScript.
 */
interface EditorContent {
  contentId: number;
  urlId: string;
  name: string;
  overview: string;
  htmlContent: string;
  authorLabel: string | null;
  featureImageUrl: string | null;
  featureImageCaption: string | null;
  isPublic: boolean;
  isFeatured: boolean;
  tags: { tagId: number }[];
}

type ContentForm = {
  urlId: string;
  name: string;
  overview: string;
  htmlContent: string;
  authorLabel: string;
  featureImageCaption: string;
  featureImage: File;
  removeImage: boolean;
  isPublic: boolean;
  isFeatured: boolean;
  tagIds: number[];
};

export function ContentEditorForm({
  content,
  tags,
  constraint,
  lastResult,
}: {
  content: EditorContent | null;
  tags: { tagId: number; name: string }[];
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useLedaForm<ContentForm>({
    id: 'content-editor',
    lastResult,
    constraint,
    defaultValue: content
      ? {
          urlId: content.urlId,
          name: content.name,
          overview: content.overview,
          htmlContent: content.htmlContent,
          authorLabel: content.authorLabel ?? '',
          featureImageCaption: content.featureImageCaption ?? '',
          isPublic: content.isPublic ? 'on' : '',
          isFeatured: content.isFeatured ? 'on' : '',
          tagIds: content.tags.map((t) => String(t.tagId)),
        }
      : {},
  });
  const chosen = new Set(((fields.tagIds.initialValue as string[] | string | undefined) ?? []).toString().split(',').filter(Boolean));
  const html = fields.htmlContent;
  const image = fields.featureImage;
  return (
    <LedaForm form={form} method="post" encType="multipart/form-data" className="ui-card ce-form">
      <FormError id={form.errorId} errors={form.errors} />
      {content ? (
        <div className="field">
          <label htmlFor="ce-url-id">URL ID</label>
          <p className="field-hint" id="ce-url-id-hint">
            Fixed once the content is created: /articles/{content.urlId}
          </p>
          <input id="ce-url-id" name={fields.urlId.name} value={content.urlId} readOnly aria-describedby="ce-url-id-hint" />
        </div>
      ) : (
        <Field label="URL ID" meta={fields.urlId} hint="Lowercase letters and hyphens (looks-like-this); it cannot be changed later." />
      )}
      <Field label="Name" meta={fields.name} />
      <TextAreaField label="Overview" meta={fields.overview} rows={3} />
      <div className="field">
        <label id={`${html.id}-label`} htmlFor={html.id}>
          Content
        </label>
        <RichTextEditor
          id={html.id}
          name={html.name}
          label="Content"
          value={(html.initialValue as string | undefined) ?? ''}
          height={500}
          describedBy={html.errors?.length ? html.errorId : undefined}
          invalid={Boolean(html.errors?.length)}
          required
        />
        <ErrorList id={html.errorId} errors={html.errors} />
      </div>
      <div className="field">
        <label htmlFor={image.id}>Feature image (PNG or JPEG, optional)</label>
        {content?.featureImageUrl ? (
          <>
            <img className="ce-image" src={content.featureImageUrl} alt={content.featureImageCaption ?? 'Current feature image'} />
            <label className="ae-check">
              <input type="checkbox" name={fields.removeImage.name} /> Remove the current image
            </label>
          </>
        ) : null}
        <input
          id={image.id}
          name={image.name}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          aria-invalid={image.errors?.length ? true : undefined}
          aria-describedby={image.errors?.length ? image.errorId : undefined}
        />
        <ErrorList id={image.errorId} errors={image.errors} />
      </div>
      <Field label="Feature image caption (optional)" meta={fields.featureImageCaption} />
      <Field label="Author label (optional)" meta={fields.authorLabel} />
      <fieldset className="field">
        <legend>Tags</legend>
        <div className="ce-tags">
          {tags.map((t) => (
            <label key={t.tagId} className="ae-check">
              <input type="checkbox" name={fields.tagIds.name} value={t.tagId} defaultChecked={chosen.has(String(t.tagId))} /> {t.name}
            </label>
          ))}
        </div>
        <ErrorList id={fields.tagIds.errorId} errors={fields.tagIds.errors} />
      </fieldset>
      <CheckboxField label="Public (shown on /articles)" meta={fields.isPublic} />
      <CheckboxField label="Featured" meta={fields.isFeatured} />
      <div className="ae-save">
        <button type="submit" className="button primary">
          Save content
        </button>
      </div>
    </LedaForm>
  );
}
