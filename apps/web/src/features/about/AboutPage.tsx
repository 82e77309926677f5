import { Anchor, Card, Code, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconApi, IconBook2, IconHeadphones, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerVersion, WEB_VERSION } from './api';
import { SectionError } from './SectionError';

const LicenceList = lazy(() => import('./LicenceList'));

const DOC_FILES = 'README.md, docs/configuration.md, docs/deployment.md';

/** /about: name, versions of the web app and the server, links, and the libraries' licences. */
export default function AboutPage() {
  const { t } = useTranslation();
  const server = useServerVersion();
  const serverVersion = server.data?.version ?? (server.isPending ? null : t('about.versions.unknown'));
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('about.title')}
        </Title>
        <Card withBorder radius="lg" padding="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <IconHeadphones size={44} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Stack gap={6}>
              <Title order={2} fz="h3">
                Sasayaki
              </Title>
              <Text c="dimmed">{t('about.tagline')}</Text>
              <Group gap="lg" mt={4} aria-label={t('about.versions.title')}>
                <Text size="sm" data-testid="web-version">
                  {t('about.versions.web')}: <Code>v{WEB_VERSION}</Code>
                </Text>
                <Text size="sm" data-testid="server-version" component="div">
                  {t('about.versions.server')}:{' '}
                  {serverVersion === null ? (
                    <Skeleton display="inline-block" h={16} w={48} />
                  ) : (
                    <Code>{server.data ? `v${serverVersion}` : serverVersion}</Code>
                  )}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('about.links.title')}
          </Title>
          <Stack gap="md">
            <LinkRow icon={<IconApi size={20} />} hint={t('about.links.apiDocsHint')}>
              <Anchor href="/api/docs" target="_blank" rel="noreferrer">
                {t('about.links.apiDocs')}
              </Anchor>
            </LinkRow>
            <LinkRow
              icon={<IconBook2 size={20} />}
              hint={t('about.links.projectDocsHint', { files: DOC_FILES })}
            >
              <Text fw={500}>{t('about.links.projectDocs')}</Text>
            </LinkRow>
            <LinkRow icon={<IconWorld size={20} />} hint={t('about.links.ecosystemHint')}>
              <Anchor href="https://github.com/kikoeru-project" target="_blank" rel="noreferrer noopener">
                {t('about.links.ecosystem')}
              </Anchor>
            </LinkRow>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('about.licences.title')}
          </Title>
          <SectionError message={t('about.licences.failed')}>
            <Suspense fallback={<Skeleton h={240} radius="md" />}>
              <LicenceList />
            </Suspense>
          </SectionError>
        </Card>
      </Stack>
    </Container>
  );
}

function LinkRow({
  icon,
  hint,
  children,
}: {
  icon: React.ReactNode;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0}>
        {children}
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
