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
