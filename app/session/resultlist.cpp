#include "app/session/resultlist.h"

void ResultList::append(const SourcedResult& row)
{
    const int index = size();
    emit aboutToAppend(index);
    m_rows.append(row);
    emit appended(index);
}

bool ResultList::remove(int index)
{
    if (index < 0 || index >= size())
        return false;
    emit aboutToRemove(index);
    m_rows.removeAt(index);
    emit removed(index);
    return true;
}

void ResultList::clear()
{
    emit aboutToClear();
    m_rows.clear();
    emit cleared();
}
