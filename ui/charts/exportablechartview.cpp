#include "ui/charts/exportablechartview.h"

#include "app/report/chartexporter.h"

#include <QChart>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>

namespace {

// Size and DPI for a PNG; false when the user cancels.
bool askPngSettings(QWidget* parent, QSize* size, int* dpi)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Export chart as PNG"));
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    auto* resolution = new QSpinBox(&dialog);
    width->setRange(50, 20000);
    height->setRange(50, 20000);
    resolution->setRange(36, 1200);
    width->setValue(size->width());
    height->setValue(size->height());
    resolution->setValue(*dpi);
    width->setSuffix(QObject::tr(" px"));
    height->setSuffix(QObject::tr(" px"));
    resolution->setSuffix(QObject::tr(" DPI"));
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Width"), width);
    form->addRow(QObject::tr("Height"), height);
    form->addRow(QObject::tr("Resolution"), resolution);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    *size = QSize(width->value(), height->value());
    *dpi = resolution->value();
    return true;
}

} // namespace

ExportableChartView::ExportableChartView(QWidget* parent)
    : QChartView(parent)
{
}

void ExportableChartView::exportAs(const QString& format)
{
    QChart* current = chart();
    if (!current)
        return;
    QSize size = this->size().expandedTo(QSize(400, 250)) * 2;
    int dpi = 192;
    if (format == QLatin1String("png") && !askPngSettings(this, &size, &dpi))
        return;
    QString name = current->title().toLower().simplified();
    name.replace(QLatin1Char(' '), QLatin1Char('-'));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"),
        name + QLatin1Char('.') + format, tr("%1 files (*.%2)").arg(format.toUpper(), format));
    if (path.isEmpty())
        return;
    QString error;
    if (!ChartExporter::save(current, path,
            format == QLatin1String("png") ? size : this->size().expandedTo(QSize(400, 250)), dpi, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

void ExportableChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addMenuActions(&menu);
    for (const QString& format : { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") })
        menu.addAction(
            tr("Export chart as %1…").arg(format.toUpper()), this, [this, format] { exportAs(format); });
    menu.exec(event->globalPos());
}
