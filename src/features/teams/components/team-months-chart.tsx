import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { TeamPage } from '../../../api/contract/teams';

const monthLabel = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });

/** The team's points per month (loaded only on the team page: the charts library is large). */
export default function TeamMonthsChart({ months }: { months: TeamPage['months'] }) {
  return (
    <BarChart
      h={240}
      data={months.map((month) => ({ month: monthLabel(month.month), Points: month.points }))}
      dataKey="month"
      series={[{ name: 'Points', color: 'teal.6' }]}
      aria-label="Team points per month"
    />
  );
}
