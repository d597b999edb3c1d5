import {
  flagLabels,
  placementLabels,
  positionRules,
  type SettingName,
} from '@streamdesk/contract/controller';

const otherLabels: Partial<Record<SettingName, string>> = {
  maintenanceMessage: 'Maintenance Message',
  facebook_app_id: 'Facebook App ID',
  facebook_client_token: 'Facebook Client Token',
  webRedirectUrl: 'Web Redirect URL',
  searchText: 'Search Text',
  installNewBtnUrl: 'Install CTA URL',
  upi_id: 'UPI ID',
  payee_name: 'Payee Name',
  phone: 'Phone',
  payAmount: 'Pay Amount',
};

const labels: Record<string, string> = {
  ...flagLabels,
  ...placementLabels,
  ...Object.fromEntries(Object.entries(positionRules).map(([name, rule]) => [name, rule.label])),
  ...otherLabels,
};

/** A setting's name as the controller screen labels it (the History panel's keys and diff). */
export const settingLabel = (name: string): string => labels[name] ?? name;
