import { useEffect, useRef, type ReactNode } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { cUpload } from './console-api.ts';

/**
 * Notices and news are written, not typed as HTML: a rich-text editor whose output is HTML
 * (the server sanitizes it on save as before). An antd Form control: value and onChange.
 */
export function RichText({
  value,
  onChange,
  id,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit, Image],
    content: value ?? '',
    editorProps: {
      attributes: {
        id: id ?? '',
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        style: 'min-height: 160px; padding: 8px 11px; outline: none',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (another row opened) replaces the text; our own echo does not.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Toolbar editor={editor} t={t} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, t }: { editor: Editor; t: (k: string) => string }) {
  const mark = (name: string, label: ReactNode, run: () => void, attrs?: Record<string, unknown>) => (
    <Tooltip title={t(`console.rich.${name}`)} key={name + JSON.stringify(attrs ?? {})}>
      <Button
        size="small"
        type={editor.isActive(name, attrs) ? 'primary' : 'text'}
        aria-label={t(`console.rich.${name}`)}
        aria-pressed={editor.isActive(name, attrs)}
        onClick={run}
      >
        {label}
      </Button>
    </Tooltip>
  );
  const c = () => editor.chain().focus();
  const file = useRef<HTMLInputElement>(null);
  // The picture goes to the server's storage first; the text keeps only its public path.
  const insertImage = async (f: File | undefined) => {
    if (!f) return;
    const fd = new FormData();
    fd.append('file', f);
    const { url } = await cUpload('/api/console/content-image', fd);
    c()
      .setImage({ src: url, alt: f.name.replace(/\.[^.]*$/, '') })
      .run();
  };
  return (
    <Space
      size={2}
      wrap
      style={{ borderBottom: '1px solid #f0f0f0', padding: 4, width: '100%', boxSizing: 'border-box' }}
    >
      {mark('bold', 'B', () => c().toggleBold().run())}
      {mark('italic', 'I', () => c().toggleItalic().run())}
      {mark('heading', 'H', () => c().toggleHeading({ level: 3 }).run(), { level: 3 })}
      {mark('bulletList', '•', () => c().toggleBulletList().run())}
      {mark('orderedList', '1.', () => c().toggleOrderedList().run())}
      {mark('blockquote', '❝', () => c().toggleBlockquote().run())}
      {mark('image', <PictureOutlined />, () => file.current?.click())}
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png"
        style={{ display: 'none' }}
        aria-label={t('console.rich.image')}
        onChange={(e) => {
          void insertImage(e.target.files?.[0]).finally(() => (e.target.value = ''));
        }}
      />
    </Space>
  );
}
