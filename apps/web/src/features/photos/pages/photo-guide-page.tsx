import { useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Col, Row, Typography } from 'antd';
import {
  BgColorsOutlined,
  BulbOutlined,
  EyeOutlined,
  ScissorOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PhotoUpload } from '../../../components/photo-upload/photo-upload.tsx';
import { isLoggedIn, setSession } from '../../../lib/session.ts';

/** A schematic of the standard 480 x 640 framing, drawn at half size, with the head-top and eye bands. */
function FramingDiagram({ label }: { label: string }) {
  return (
    <svg
      width={240}
      height={320}
      viewBox="0 0 240 320"
      role="img"
      aria-label={label}
      style={{ border: '1px solid #d9d9d9' }}
    >
      <rect width="240" height="320" fill="rgb(100,197,255)" />
      <rect y="25" width="240" height="30" fill="rgba(250,173,20,0.35)" />
      <rect y="100" width="240" height="50" fill="rgba(255,255,255,0.35)" />
      <path d="M40 320 C45 250 90 240 120 240 C150 240 195 250 200 320 Z" fill="#1f2a44" />
      <path d="M106 236 L120 262 L134 236 Z" fill="#fff" />
      <ellipse cx="120" cy="140" rx="55" ry="72" fill="#f1d2bd" />
      <path
        d="M63 130 C60 70 90 42 120 42 C150 42 180 70 177 130 C170 95 150 80 120 80 C90 80 70 95 63 130 Z"
        fill="#222"
      />
      <circle cx="98" cy="128" r="5" fill="#222" />
      <circle cx="142" cy="128" r="5" fill="#222" />
      <path d="M105 178 Q120 186 135 178" stroke="#b55" strokeWidth="3" fill="none" />
      <line x1="0" y1="128" x2="240" y2="128" stroke="#1677ff" strokeDasharray="4 3" />
      <text x="4" y="22" fontSize="10" fill="#333">
        50-110 px
      </text>
      <text x="4" y="97" fontSize="10" fill="#333">
        200-300 px
      </text>
      <line x1="65" y1="300" x2="175" y2="300" stroke="#fff" />
      <text x="88" y="314" fontSize="10" fill="#fff">
        180-300 px
      </text>
    </svg>
  );
}

/** The refusals the check names, each drawn as a small example beside its words (photo.problem.*). */
const REFUSALS = [
  'colourCast',
  'sideLight',
  'hotSpots',
  'lensGlare',
  'glassesFrame',
  'hairOverBrows',
  'eyesClosed',
  'tilted',
  'manyFaces',
] as const;
type Refusal = (typeof REFUSALS)[number];

/** A small schematic portrait (120 x 160) showing one refusal: the face drawn as the check would see it. */
function RefusalExample({ kind, label }: { kind: Refusal; label: string }) {
  const skin = kind === 'colourCast' ? '#9fd6b4' : '#f1d2bd';
  const eye = (cx: number) =>
    kind === 'eyesClosed' ? (
      <path key={cx} d={`M${cx - 6} 64 Q${cx} 68 ${cx + 6} 64`} stroke="#222" strokeWidth="2" fill="none" />
    ) : (
      <circle key={cx} cx={cx} cy={64} r={3} fill="#222" />
    );
  return (
    <svg width={120} height={160} viewBox="0 0 120 160" role="img" aria-label={label}>
      <rect width="120" height="160" fill={kind === 'colourCast' ? 'rgb(120,200,180)' : 'rgb(100,197,255)'} />
      {kind === 'manyFaces' && (
        <g>
          <ellipse cx="114" cy="70" rx="22" ry="28" fill="#e7c3a8" />
          <circle cx="104" cy="64" r="2.5" fill="#222" />
        </g>
      )}
      <path d="M20 160 C22 125 45 120 60 120 C75 120 98 125 100 160 Z" fill="#1f2a44" />
      <g transform={kind === 'tilted' ? 'rotate(15 60 110)' : undefined}>
        <ellipse cx="60" cy="70" rx="28" ry="36" fill={skin} />
        {kind === 'sideLight' && <path d="M60 34 A28 36 0 0 0 60 106 Z" fill="rgba(0,0,0,0.45)" />}
        <path d="M32 65 C30 35 45 21 60 21 C75 21 90 35 88 65 C85 48 75 40 60 40 C45 40 35 48 32 65 Z" fill="#222" />
        {eye(49)}
        {eye(71)}
        {kind === 'lensGlare' && (
          <g>
            <rect x="39" y="56" width="19" height="15" rx="4" fill="none" stroke="#333" strokeWidth="1.5" />
            <rect x="62" y="56" width="19" height="15" rx="4" fill="none" stroke="#333" strokeWidth="1.5" />
            <ellipse cx="49" cy="63" rx="8" ry="6" fill="#fff" />
            <ellipse cx="71" cy="63" rx="8" ry="6" fill="#fff" />
          </g>
        )}
        {kind === 'glassesFrame' && (
          <g fill="none" stroke="#222" strokeWidth="3">
            <rect x="38" y="63" width="22" height="16" rx="4" />
            <rect x="60" y="63" width="22" height="16" rx="4" />
          </g>
        )}
        {kind === 'hairOverBrows' && (
          <path
            d="M32 50 C34 30 86 30 88 50 L87 60 L82 57 L77 61 L72 57 L67 61 L62 57 L57 61 L52 57 L47 61 L42 57 L37 61 L33 58 Z"
            fill="#222"
          />
        )}
        {kind === 'hotSpots' && (
          <g fill="#fff">
            <ellipse cx="60" cy="48" rx="10" ry="5" />
            <ellipse cx="60" cy="80" rx="4" ry="6" />
          </g>
        )}
        <path d="M52 89 Q60 93 68 89" stroke="#b55" strokeWidth="2" fill="none" />
      </g>
    </svg>
  );
}

const TOPICS = [
  { key: 'frame', icon: <ScissorOutlined /> },
  { key: 'background', icon: <BgColorsOutlined /> },
  { key: 'posture', icon: <UserOutlined /> },
  { key: 'glasses', icon: <EyeOutlined /> },
  { key: 'hair', icon: <UserOutlined /> },
  { key: 'clothing', icon: <SkinOutlined /> },
  { key: 'lighting', icon: <BulbOutlined /> },
] as const;

/** The illustrated guide to a compliant photo, with a "check my photo" uploader for members. */
export default function PhotoGuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useState<string | undefined>();
  const loggedIn = isLoggedIn();
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/home">{t('page.home')}</Link> }, { title: t('photos.guide.title') }]}
        style={{ margin: '12px 0' }}
      />
      <Card>
        <h1 className="page-title">{t('photos.guide.title')}</h1>
        <Typography.Paragraph>{t('photos.guide.intro')}</Typography.Paragraph>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={8}>
            <FramingDiagram label={t('photos.guide.sample')} />
            <Typography.Paragraph type="secondary">{t('photos.guide.sample')}</Typography.Paragraph>
          </Col>
          <Col xs={24} md={16}>
            <Row gutter={[16, 16]}>
              {TOPICS.map((topic) => (
                <Col xs={24} sm={12} key={topic.key}>
                  <Card
                    size="small"
                    title={
                      <h2 style={{ fontSize: 16, margin: 0 }}>
                        {topic.icon} {t(`photos.guide.${topic.key}`)}
                      </h2>
                    }
                  >
                    {t(`photos.guide.${topic.key}.body`)}
                  </Card>
                </Col>
              ))}
            </Row>
          </Col>
        </Row>
      </Card>
      <Card style={{ marginTop: 16 }}>
        <h2 style={{ fontSize: 18 }}>{t('photos.guide.refused')}</h2>
        <Typography.Paragraph>{t('photos.guide.refused.body')}</Typography.Paragraph>
        <Row gutter={[16, 16]}>
          {REFUSALS.map((k) => (
            <Col xs={12} sm={8} md={6} lg={6} key={k}>
              <figure style={{ margin: 0, textAlign: 'center' }}>
                <RefusalExample kind={k} label={t(`photos.guide.example.${k}`)} />
                <figcaption>
                  <Typography.Text strong>{t(`photos.guide.example.${k}`)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`msg.photo.problem.${k}`)}</Typography.Text>
                </figcaption>
              </figure>
            </Col>
          ))}
        </Row>
      </Card>
      <Card style={{ marginTop: 16 }}>
        <h2 style={{ fontSize: 18 }}>{t('photos.guide.check')}</h2>
        <Typography.Paragraph>{t('photos.guide.check.body')}</Typography.Paragraph>
        {loggedIn ? (
          <PhotoUpload flow="individual" value={url} onChange={setUrl} />
        ) : (
          <Alert
            type="info"
            showIcon
            message={t('msg.login.requiredForPhoto')}
            description={t('photos.guide.login')}
            action={
              <Button
                type="primary"
                onClick={() => {
                  setSession('url', '/home/photoGuide');
                  navigate('/login');
                }}
              >
                {t('photos.guide.loginButton')}
              </Button>
            }
          />
        )}
      </Card>
    </>
  );
}
