import {
  checkPosition,
  checkText,
  controllerMessages,
  controllerRoutes,
  controllerVersionRoutes,
  facebookBody,
  installNewBody,
  payAmountBody,
  phonePayBody,
  PLACEMENT_FIELDS,
  positionRules,
  settingLabel,
  type ControllerDataReply,
  type ControllerSettings,
  type EditGroup,
  type PositionName,
} from '@streamdesk/contract/controller';
import { useState } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { countText } from '@streamdesk/contract/format';
import { FullPageLoader } from '@/ui/full-page-loader';
import { LoadError } from '@/ui/load-error';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { PageHeader } from '@/ui/page-header';
import { HistoryButton } from '@/ui/version-history/history-panel';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { controllerKey, useControllerSave, useControllerSettings } from '../api';
import { FlagSwitch } from '../components/flag-switch';
import { PlacementSelect } from '../components/placement-select';
import { ScheduledChanges } from '../components/scheduled-changes';
import { Section } from '../components/section';
import { SettingForm, type SettingField } from '../components/setting-form';
import { schedulesQuery } from '../schedules-api';

/** The first message a contract schema gives for one field, or undefined when it passes. */
const fieldError =
  (schema: z.ZodObject, name: string) =>
  (value: string): string | undefined => {
    const shape = schema.shape as Record<string, z.ZodType>;
    const result = shape[name]!.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

const positionError = (name: PositionName) => (value: string) => {
  const checked = checkPosition(name, value);
  return typeof checked === 'number' ? undefined : checked.message;
};

const positionField = (name: PositionName, initial: number, hint?: string): SettingField => ({
  name,
  hint,
  label: positionRules[name].label,
  type: 'number',
  min: positionRules[name].min,
  max: positionRules[name].inputMax,
  initial: String(initial),
  check: positionError(name),
});

export default function ControllerPage() {
  const { data, isPending, refetch } = useControllerSettings();
  // The scheduled changes are asked for beside the settings, not once the settings have come and their
  // section has mounted: one round trip and a render less before the screen is usable (0049).
  usePrefetchQuery(schedulesQuery);
  useFailedLoadToast(data);
  // Each reload of a form saved whole, after an edit conflict, starts it afresh from the settings read
  // again (its key). Kept here, with the read: the form is remounted with what the reload brought.
  const [reloads, setReloads] = useState<Record<EditGroup, number>>({ facebook: 0, phonePay: 0 });
  const reload = (group: EditGroup) => async () => {
    const fresh = await refetch();
    if (fresh.data?.status) setReloads((r) => ({ ...r, [group]: r[group] + 1 }));
    else toast.error(fresh.data?.message || LOAD_FAILED);
  };
  if (isPending) return <FullPageLoader label="Loading controller settings" />;
  if (!data?.status) {
    return (
      <section>
        <PageHeader title="Controller" />
        {/* A refusal; a load with no answer is said by the shell, with its Retry. */}
        {data && <LoadError message={data.message || LOAD_FAILED} onRetry={() => refetch()} />}
      </section>
    );
  }
  return (
    <ControllerScreen
      settings={data.data}
      appOpens={data.appOpens}
      versions={data.versions}
      reloads={reloads}
      reload={reload}
    />
  );
}

function ControllerScreen({
  settings: s,
  appOpens,
  versions,
  reloads,
  reload,
}: {
  settings: ControllerSettings;
  appOpens: number;
  /** Undefined from a server without them: the forms then save as before. */
  versions: ControllerDataReply['versions'] | undefined;
  reloads: Record<EditGroup, number>;
  reload: (group: EditGroup) => () => Promise<void>;
}) {
  const position = useControllerSave(controllerRoutes.position, 'Failed to update Ads Position');
  const text = useControllerSave(controllerRoutes.text);
  const facebook = useControllerSave(controllerRoutes.facebook);
  const install = useControllerSave(controllerRoutes.installNew);
  const phonePay = useControllerSave(controllerRoutes.phonePay);
  const payAmount = useControllerSave(controllerRoutes.payAmount);

  const savePosition = (name: PositionName) => (values: Record<string, string>) =>
    position.mutateAsync({ name, value: values[name] ?? '' });
  const textError = (field: 'webRedirectUrl' | 'searchText' | 'maintenanceMessage') => (value: string) => {
    const checked = checkText(field, value);
    return typeof checked === 'string' ? undefined : checked.message;
  };
  const edit = (group: EditGroup, reloadLabel: string) => ({
    version: versions?.[group],
    reloadLabel,
    onReload: reload(group),
  });

  /**
   * Web Redirect's two values are saved by two calls that each set one value. Only a value changed from
   * the one read is sent: the other, as this page read it minutes ago, would put back another admin's
   * change made meanwhile (docs/decisions/0009-edit-conflicts.md).
   */
  const saveWebRedirect = async (v: Record<string, string>) => {
    const url = v.webRedirectUrl ?? '';
    const webPosition = v.webPosition ?? '';
    const urlChanged = url.trim() !== s.webRedirectUrl;
    const positionChanged = webPosition.trim() !== String(s.webPosition);
    if (!urlChanged && !positionChanged) return void toast.info(controllerMessages.nothingChanged);
    // A refused URL rejects: the position is then not sent.
    if (urlChanged) await text.mutateAsync({ field: 'webRedirectUrl', url });
    if (positionChanged) await position.mutateAsync({ name: 'webPosition', value: webPosition });
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Controller"
        description={`App opens counted: ${countText(appOpens)}`}
        actions={
          <>
            <HistoryButton
              title="Controller"
              feature="controller"
              routes={controllerVersionRoutes}
              recordKey={controllerKey}
              labelOf={settingLabel}
            />
            <ActivityHistoryLink feature="controller" item="settings" text="Change log" />
          </>
        }
      />

      <Section title="Home">
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <FlagSwitch name="reels" value={s.reels} />
          <FlagSwitch name="storyBrand" value={s.storyBrand} />
          <FlagSwitch name="liveMatch" value={s.liveMatch} />
          <FlagSwitch name="inHouseAds" value={s.inHouseAds} />
          <FlagSwitch name="storyVideo" value={s.storyVideo} />
          <FlagSwitch name="hidden_module" value={s.hidden_module} />
        </div>
        {/* Two compact forms, each a number and its Save (the number no wider than a number). */}
        <div className="grid gap-6 sm:grid-cols-2">
          <SettingForm
            title="Story Ads Position"
            hideTitle
            fields={[
              positionField(
                'storyAdsPosition',
                s.storyAdsPosition,
                'Where story ads appear among stories: 1 to 9.',
              ),
            ]}
            onSave={savePosition('storyAdsPosition')}
          />
          <SettingForm
            title="NTV Timer"
            hideTitle
            fields={[positionField('ntvTiming', s.ntvTiming, 'Seconds before the native intent: 0 to 19.')]}
            onSave={savePosition('ntvTiming')}
          />
        </div>
      </Section>

      <ScheduledChanges />

      <Section title="Ads Management">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLACEMENT_FIELDS.map((field) => (
            <PlacementSelect key={field} field={field} value={s[field]} />
          ))}
        </div>
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Facebook">
          <SettingForm
            key={`facebook-${reloads.facebook}`}
            title="Facebook SDK"
            hideTitle
            edit={edit('facebook', 'Reload the Facebook SDK setting')}
            fields={[
              {
                name: 'facebook_app_id',
                label: 'Facebook App ID',
                initial: s.facebook_app_id,
                check: fieldError(facebookBody, 'facebook_app_id'),
              },
              {
                name: 'facebook_client_token',
                label: 'Facebook Client Token',
                initial: s.facebook_client_token,
                check: fieldError(facebookBody, 'facebook_client_token'),
              },
            ]}
            onSave={(v, version) =>
              facebook.mutateAsync({
                facebook_app_id: v.facebook_app_id ?? '',
                facebook_client_token: v.facebook_client_token ?? '',
                version,
              })
            }
          />
        </Section>

        <Section title="Web Redirect">
          <SettingForm
            title="Web Redirect URL"
            hideTitle
            fields={[
              {
                name: 'webRedirectUrl',
                label: 'Web Redirect URL',
                type: 'url',
                placeholder: 'https://',
                initial: s.webRedirectUrl,
                check: textError('webRedirectUrl'),
              },
              positionField('webPosition', s.webPosition),
            ]}
            onSave={saveWebRedirect}
          />
        </Section>

        <Section title="App Search">
          <SettingForm
            title="App Search Text"
            hideTitle
            fields={[
              {
                name: 'searchText',
                label: 'Search Text',
                initial: s.searchText,
                check: textError('searchText'),
              },
            ]}
            onSave={(v) => text.mutateAsync({ field: 'searchText', url: v.searchText ?? '' })}
          />
        </Section>

        <Section title="Install New App">
          <FlagSwitch name="installNew" value={s.installNew} hint="Asks app users to install the new app." />
          {s.installNew && (
            <SettingForm
              title="Install CTA"
              fields={[
                {
                  name: 'btn_url',
                  label: 'CTA URL',
                  type: 'url',
                  placeholder: 'https://',
                  wide: true,
                  initial: s.installNewBtnUrl,
                  check: fieldError(installNewBody, 'btn_url'),
                },
              ]}
              onSave={(v) => install.mutateAsync({ btn_url: v.btn_url ?? '' })}
            />
          )}
        </Section>

        <Section title="Maintenance">
          {/* Before the message's form, so that its Save ends the card rather than sitting in it. */}
          <FlagSwitch
            name="exclusive_module"
            value={s.exclusive_module}
            hint="Changing it reloads this page."
            reloadPage
          />
          <FlagSwitch
            name="maintenance"
            value={s.maintenance}
            hint="The app shows the message below instead of its content."
          />
          <SettingForm
            title="Maintenance Message"
            fields={[
              {
                name: 'maintenanceMessage',
                label: 'Message',
                wide: true,
                initial: s.maintenanceMessage,
                check: textError('maintenanceMessage'),
              },
            ]}
            onSave={(v) => text.mutateAsync({ field: 'maintenanceMessage', url: v.maintenanceMessage ?? '' })}
          />
        </Section>

        <Section title="Payment">
          <SettingForm
            key={`phonePay-${reloads.phonePay}`}
            title="Payee"
            edit={edit('phonePay', 'Reload the payee')}
            fields={[
              {
                name: 'upi_id',
                label: 'UPI ID',
                initial: s.upi_id,
                check: fieldError(phonePayBody, 'upi_id'),
              },
              {
                name: 'payee_name',
                label: 'Payee Name',
                initial: s.payee_name,
                check: fieldError(phonePayBody, 'payee_name'),
              },
              { name: 'phone', label: 'Phone', initial: s.phone, check: fieldError(phonePayBody, 'phone') },
            ]}
            onSave={(v, version) =>
              phonePay.mutateAsync({
                upi_id: v.upi_id ?? '',
                payee_name: v.payee_name ?? '',
                phone: v.phone ?? '',
                version,
              })
            }
          />
          <SettingForm
            title="Pay Amount"
            hideTitle
            fields={[
              {
                name: 'payAmount',
                label: 'Pay Amount',
                type: 'number',
                min: 0,
                initial: s.payAmount ? String(s.payAmount) : '',
                check: fieldError(payAmountBody, 'payAmount'),
              },
            ]}
            onSave={(v) => payAmount.mutateAsync({ payAmount: v.payAmount ?? '' })}
          />
        </Section>
      </div>
    </div>
  );
}
